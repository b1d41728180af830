import { useEffect, useRef, useState } from "react";
import type { ParentLinkAnswer, PaymentOrderView } from "#read-models/shopping/checkout.views.ts";
import { api, ApiError, errorMessage } from "../lib/api-client.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import type { SandboxOutcome } from "./checkout/checkout-figures.ts";
import ProviderPayment from "./checkout/ProviderPayment.tsx";
import type { CheckoutProvider } from "./checkout/ProviderChoice.tsx";
import { usePayPalButtons } from "./checkout/use-paypal-buttons.ts";
import { BusyButton } from "./ui/busy-button.tsx";

type LinkView = ParentLinkAnswer;

type State =
  | { kind: "loading" }
  | { kind: "open"; view: LinkView }
  /** 410 or 404: the server's words say why the link pays nothing. */
  | { kind: "ended"; message: string }
  | { kind: "paid"; pending: boolean }
  | { kind: "declined" };

/**
 * The page of a parent's payment link: the exact cart a child asks them to pay, paid
 * here without an account through the same payment calls as the checkout (with the link's token
 * instead of a session) with any configured provider, chosen as at checkout, or declined ("not
 * now": nothing is charged, the child is told).
 */
export default function ParentPayment({
  token,
  providers,
  sandboxPendingSeconds = 30,
}: {
  token: string;
  /** The configured ways to pay, the default first. */
  providers: CheckoutProvider[];
  sandboxPendingSeconds?: number;
}) {
  const hydrated = useHydrated();
  const [provider, setProvider] = useState(providers[0]!.id);
  const [state, setState] = useState<State>({ kind: "loading" });
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<SandboxOutcome>("approve");
  const paypalRef = useRef<HTMLDivElement>(null);
  const path = `/api/pay/${encodeURIComponent(token)}`;

  useEffect(() => {
    api
      .get<LinkView>(path)
      .then((view) => setState({ kind: "open", view }))
      .catch((error: unknown) => setState({ kind: "ended", message: errorMessage(error, "We could not load this payment link. Please try again later.") }));
  }, []);

  const view = state.kind === "open" ? state.view : null;
  usePayPalButtons({
    active: provider === "paypal" && view !== null,
    container: paypalRef,
    amountDue: view?.total,
    capture,
    onDeclined: (error) => setProblem(errorMessage(error, "Payment failed. Nothing was charged. Please try again.")),
    onProblem: setProblem,
    payToken: token,
  });

  async function capture(paymentId: string, via = "/paypal/order") {
    const captured = await api.post<{ status: string }>(`${via}/${encodeURIComponent(paymentId)}/capture`, { payToken: token });
    setState({ kind: "paid", pending: captured.status === "PENDING" });
  }

  /** A 410 while paying: the link ended meanwhile (the cart changed, it expired): say why, pay nothing. */
  function failed(error: unknown) {
    if (error instanceof ApiError && (error.status === 410 || error.status === 404)) return setState({ kind: "ended", message: error.message });
    setProblem(errorMessage(error, "Payment failed. Nothing was charged. Please try again."));
  }

  async function paySandbox() {
    setPaying(true);
    setProblem(null);
    try {
      const { id } = await api.post<PaymentOrderView>("/paypal/order", { payToken: token, sandboxOutcome: outcome, currency: "USD", intent: "CAPTURE" });
      await capture(id);
    } catch (error) {
      failed(error);
    }
    setPaying(false);
  }

  async function decline() {
    setPaying(true);
    setProblem(null);
    try {
      await api.post(`${path}/decline`, {});
      setState({ kind: "declined" });
    } catch (error) {
      failed(error);
    }
    setPaying(false);
  }

  if (state.kind === "loading")
    return (
      <p className="card p-6 text-slate-300" role="status">
        Loading the order...
      </p>
    );
  if (state.kind !== "open") {
    const [title, text] =
      state.kind === "paid"
        ? [
            state.pending ? "Payment received, being checked" : "Paid, thank you!",
            "The receipt is on its way to your email. The items are delivered in Roblox.",
          ]
        : state.kind === "declined"
          ? ["Declined", "Nothing was charged, and we told them. You can close this page."]
          : ["This link pays nothing", state.message];
    return (
      <section className="card p-6" role="status" aria-labelledby="pay-outcome">
        <h2 id="pay-outcome" className="text-xl font-bold">
          {title}
        </h2>
        <p className="mt-2 text-slate-300">{text}</p>
      </section>
    );
  }

  const { view: open } = state;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <section className="card space-y-3 p-6 lg:col-span-2" aria-labelledby="pay-items">
        <h2 id="pay-items" className="text-lg font-bold">
          What they chose
        </h2>
        <ul className="divide-y divide-ink-700">
          {open.items.map((item) => (
            <li key={item.name} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
              <span className="min-w-0 break-words">
                {item.name} × {item.quantity}
              </span>
              <span className="font-semibold">${item.lineTotal}</span>
            </li>
          ))}
        </ul>
        <RecipientLine roblox={open.roblox} />
        <p className="text-xs text-slate-400">
          This link pays this order only and works until <time dateTime={open.expiresAt}>{new Date(open.expiresAt).toLocaleString()}</time>.
        </p>
      </section>
      <aside className="card h-fit space-y-4 p-6" aria-labelledby="pay-total">
        <h2 id="pay-total" className="text-lg font-bold">
          To pay: ${open.total}
        </h2>
        <ProviderPayment
          providers={providers}
          provider={provider}
          onProvider={(chosen) => {
            setProblem(null);
            setProvider(chosen);
          }}
          payFor={{ payToken: token }}
          paying={paying}
          paypalRef={paypalRef}
          onStripeConfirmed={(id) => capture(id, "/stripe/payment-intent")}
          onDeclined={failed}
          sandbox={{ outcome, onOutcome: setOutcome, amountDue: open.total, sandboxPendingSeconds, onPay: () => void paySandbox() }}
        />
        {problem && (
          <p className="rounded-lg border border-red-500/50 bg-red-500/10 px-3 py-2 text-sm text-red-200" role="alert">
            {problem}
          </p>
        )}
        <BusyButton type="button" className="btn-secondary w-full py-2.5" busy={paying} disabled={!hydrated} onClick={() => void decline()}>
          Not now (decline)
        </BusyButton>
      </aside>
    </div>
  );
}

/** Whom the items go to in Roblox: the avatar and names Roblox showed the child, or the typed name "not checked". */
function RecipientLine({ roblox }: { roblox: LinkView["roblox"] }) {
  return (
    <div className="flex min-w-0 items-center gap-3 text-sm text-slate-300">
      {roblox.avatarUrl && <img src={roblox.avatarUrl} alt="" width="48" height="48" className="h-12 w-12 shrink-0 rounded-full bg-ink-800" />}
      <p className="min-w-0">
        Delivered in Roblox to{" "}
        {roblox.verified && roblox.displayName ? (
          <>
            <strong className="break-all text-white">{roblox.displayName}</strong> (@<span className="break-all">{roblox.username}</span>)
          </>
        ) : (
          <strong className="break-all text-white">{roblox.username}</strong>
        )}
        .{!roblox.verified && " Roblox could not be asked about this name yet: the shop checks it before delivering."}
      </p>
    </div>
  );
}
