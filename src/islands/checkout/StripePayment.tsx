// The "pure" entry: Stripe.js is loaded when loadStripe is called (Stripe chosen), not on import,
// which would add js.stripe.com to every checkout, Stripe configured or not.
import { loadStripe } from "@stripe/stripe-js/pure";
import type { Stripe, StripeElements } from "@stripe/stripe-js";
import { useEffect, useRef, useState } from "react";
import { api, errorMessage } from "../../lib/api-client.ts";
import { BusyButton } from "../ui/busy-button.tsx";
import type { CheckoutProvider } from "./ProviderChoice.tsx";

type State = { kind: "loading" } | { kind: "ready"; stripe: Stripe; elements: StripeElements } | { kind: "unavailable" };

/**
 * Stripe's Payment Element (cards, Apple Pay, Google Pay) for the prepared checkout: Stripe.js
 * from Stripe's own origin (the CSP allows it on this page only), the PaymentIntent's client secret
 * from POST /stripe/payment-intent, confirmed in the browser (3-D Secure shown by Stripe.js), then
 * captured by the store like any payment. When Stripe.js cannot load (a blocker, Stripe down) the
 * page says card payments are unavailable right now and offers the other ways to pay.
 */
export default function StripePayment({
  provider,
  checkoutId,
  others,
  onOther,
  onConfirmed,
  onDeclined,
}: {
  provider: CheckoutProvider;
  checkoutId: string;
  others: CheckoutProvider[];
  onOther: (other: CheckoutProvider["id"]) => void;
  onConfirmed: (paymentIntentId: string) => Promise<void>;
  onDeclined: (error: unknown) => void;
}) {
  const [state, setState] = useState<State>({ kind: "loading" });
  const [paying, setPaying] = useState(false);
  const mount = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    (async () => {
      const stripe = await loadStripe(provider.publishableKey ?? "");
      if (!stripe) throw new Error("Stripe.js did not load");
      const { clientSecret } = await api.post<{ clientSecret: string }>("/stripe/payment-intent", { checkoutId });
      const elements = stripe.elements({ clientSecret });
      if (!live) return;
      setState({ kind: "ready", stripe, elements });
      if (mount.current) elements.create("payment").mount(mount.current);
    })().catch(() => live && setState({ kind: "unavailable" }));
    return () => {
      live = false;
    };
  }, [provider.publishableKey, checkoutId]);

  async function pay() {
    if (state.kind !== "ready") return;
    setPaying(true);
    try {
      const { error, paymentIntent } = await state.stripe.confirmPayment({ elements: state.elements, redirect: "if_required" });
      if (error) throw new Error(error.message ?? "Your card was declined.");
      if (paymentIntent) await onConfirmed(paymentIntent.id);
    } catch (error) {
      onDeclined(new Error(errorMessage(error, "Payment failed. Please try again.")));
    } finally {
      setPaying(false);
    }
  }

  if (state.kind === "unavailable")
    return (
      <div className="space-y-3 rounded-lg border border-amber-500/50 bg-amber-500/10 p-3 text-sm" role="status" data-stripe-unavailable>
        <p>Card payments are unavailable right now. Nothing was charged.</p>
        {others.map((other) => (
          <button key={other.id} type="button" className="btn-secondary w-full" onClick={() => onOther(other.id)}>
            Pay with {other.label} instead
          </button>
        ))}
      </div>
    );
  return (
    <div className="space-y-3" data-stripe-payment>
      <div ref={mount} aria-label="Card payment" />
      <BusyButton
        type="button"
        className="btn-primary w-full py-3"
        busy={paying || state.kind === "loading"}
        disabled={state.kind !== "ready"}
        onClick={() => void pay()}
      >
        {state.kind === "loading" ? "Loading card payment..." : paying ? "Processing..." : "Pay by card"}
      </BusyButton>
    </div>
  );
}
