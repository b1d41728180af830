// The "pure" entry: Stripe.js is loaded when loadStripe is called (Stripe chosen), not on import,
// which would add js.stripe.com to every checkout, Stripe configured or not.
import { loadStripe } from "@stripe/stripe-js/pure";
import type { Stripe, StripeElements } from "@stripe/stripe-js";
import { useEffect, useRef, useState } from "react";
import { api, ApiError, errorMessage } from "../../lib/api-client.ts";
import { BusyButton } from "../ui/busy-button.tsx";
import type { CheckoutProvider } from "./ProviderChoice.tsx";

/** What opens the PaymentIntent: the shopper's prepared checkout, or a parent's link (its token names the checkout). */
export type PaymentFor = { checkoutId: string } | { payToken: string };

type State =
  | { kind: "loading" }
  | { kind: "ready"; stripe: Stripe; elements: StripeElements }
  /** Card payments cannot be taken now: `message` says why (Stripe's API or Stripe.js out of reach, or the server's words). */
  | { kind: "unavailable"; message: string };

/** Stripe.js (from js.stripe.com) did not load in this browser: a blocker, a firewall, or Stripe down. */
export const STRIPE_JS_UNAVAILABLE =
  "Card payments are unavailable right now: the card form could not load in this browser (Stripe's script was blocked or could not be reached). Nothing was charged.";

/**
 * Stripe's Payment Element (cards, Apple Pay, Google Pay) for the prepared checkout: the
 * PaymentIntent's client secret from POST /stripe/payment-intent and Stripe.js from Stripe's own
 * origin (the CSP allows it on the paying pages only), asked for at once; then confirmed in the
 * browser (3-D Secure shown by Stripe.js) and captured by the store like any payment. When either
 * cannot be had (the shop cannot reach Stripe: 502 payment_provider_unreachable; Stripe.js did not
 * load) the page says card payments are unavailable right now, why, and offers the other ways to pay.
 */
export default function StripePayment({
  provider,
  payFor,
  others,
  onOther,
  onAvailability,
  onConfirmed,
  onDeclined,
}: {
  provider: CheckoutProvider;
  payFor: PaymentFor;
  others: CheckoutProvider[];
  onOther: (other: CheckoutProvider["id"]) => void;
  /** Told whether card payments can be taken now (false: the choice marks the option). */
  onAvailability: (available: boolean) => void;
  onConfirmed: (paymentIntentId: string) => Promise<void>;
  onDeclined: (error: unknown) => void;
}) {
  const [state, setState] = useState<State>({ kind: "loading" });
  const [paying, setPaying] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const mount = useRef<HTMLDivElement>(null);
  const key = "checkoutId" in payFor ? payFor.checkoutId : payFor.payToken;

  useEffect(() => {
    let live = true;
    setState({ kind: "loading" });
    void (async () => {
      const [secret, script] = await Promise.allSettled([
        api.post<{ clientSecret: string }>("/stripe/payment-intent", payFor),
        loadStripe(provider.publishableKey ?? ""),
      ]);
      if (!live) return;
      // The shop's own answer first: it names what is wrong (Stripe out of reach, the cart changed).
      if (secret.status === "rejected") {
        const unreachable = secret.reason instanceof ApiError && secret.reason.body["code"] === "payment_provider_unreachable";
        onAvailability(!unreachable);
        return setState({ kind: "unavailable", message: errorMessage(secret.reason, "Card payments are unavailable right now. Nothing was charged.") });
      }
      const stripe = script.status === "fulfilled" ? script.value : null;
      if (!stripe) {
        onAvailability(false);
        return setState({ kind: "unavailable", message: STRIPE_JS_UNAVAILABLE });
      }
      const elements = stripe.elements({ clientSecret: secret.value.clientSecret });
      onAvailability(true);
      setState({ kind: "ready", stripe, elements });
      if (mount.current) elements.create("payment").mount(mount.current);
    })();
    return () => {
      live = false;
    };
  }, [provider.publishableKey, key, attempt]);

  async function pay() {
    if (state.kind !== "ready") return;
    setPaying(true);
    try {
      const { error, paymentIntent } = await state.stripe.confirmPayment({ elements: state.elements, redirect: "if_required" });
      if (error) throw new Error(error.message ?? "Your card was declined.");
      if (paymentIntent) await onConfirmed(paymentIntent.id);
    } catch (error) {
      onDeclined(error instanceof ApiError ? error : new Error(errorMessage(error, "Payment failed. Please try again.")));
    } finally {
      setPaying(false);
    }
  }

  if (state.kind === "unavailable")
    return (
      <div className="space-y-3 rounded-lg border border-amber-500/50 bg-amber-500/10 p-3 text-sm" role="status" data-stripe-unavailable>
        <p>{state.message}</p>
        {others.map((other) => (
          <button key={other.id} type="button" className="btn-primary w-full" onClick={() => onOther(other.id)}>
            Pay with {other.label} instead
          </button>
        ))}
        <button type="button" className="btn-secondary w-full" onClick={() => setAttempt((n) => n + 1)}>
          Try card payment again
        </button>
      </div>
    );
  return (
    <div className="space-y-3" data-stripe-payment>
      <div ref={mount} aria-label="Card payment" className="min-h-11" data-payment-element />
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
