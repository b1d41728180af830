import { useEffect, useId, useRef, useState } from "react";
import { centsFromDecimal, formatCents } from "#domain/shared/money.ts";
import type { CartItemView, OrderView } from "#read-models/shopping/shopping.views.ts";
import { api, ApiError } from "../lib/api-client.ts";
import { markPaymentSucceeded } from "../lib/payment-flag.ts";
import { loadPayPalSdk } from "../lib/paypal-sdk.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { $cartCount } from "../stores/cart.ts";
import { showToast } from "../stores/toast.ts";

/** storefront.md section 9: checkout order polling every 2 s up to 60 times; success handler delayed 500 ms. */
export const POLL_INTERVAL_MS = 2000;
export const POLL_ATTEMPTS = 60;
export const SUCCESS_DELAY_MS = 500;

interface Props {
  initialItems: CartItemView[];
  email: string;
  robloxUsername: string;
  provider: "sandbox" | "paypal";
  /** Orders the shopper had when the page loaded: polling looks for one that is not among them. */
  knownOrderIds: string[];
  /** The shopper's store credit when the page loaded, e.g. "12.50" (issue 7). */
  storeCredit: string;
  /** Sandbox: how long a "pending review" test payment stays pending (SANDBOX_PENDING_SECONDS). */
  sandboxPendingSeconds?: number;
}

/** What the sandbox's test button can make the payment do (issue 18). */
type SandboxOutcome = "approve" | "decline" | "pending";
const OUTCOMES: { value: SandboxOutcome; label: string }[] = [
  { value: "approve", label: "Approved" },
  { value: "decline", label: "Card declined" },
  { value: "pending", label: "Pending review" },
];

/** What POST /paypal/order/{id}/capture answers. */
interface Captured {
  status: "COMPLETED" | "PENDING";
  order: OrderView | null;
}

interface AppliedCode {
  id: string;
  code: string;
  type: "percentage" | "fixed";
  amount: string;
  minPurchase: string | null;
  discountAmount: string | null;
}

interface Prepared {
  id: string;
  total: string;
  /** Store credit the server applied, and what the payment is asked for. */
  creditApplied: string;
  amountDue: string;
  /** False when store credit covers everything: "Place order" instead of a payment. */
  paymentRequired: boolean;
}

type Phase = "details" | "preparing" | "payment-prepared" | "paying" | "awaiting" | "success";

const cents = (value: string) => centsFromDecimal(value) ?? 0;

/** The client's own estimate of a code's discount, for display; the server's figure always wins. */
function estimateDiscount(code: AppliedCode, subtotal: number): number {
  if (code.discountAmount !== null) return cents(code.discountAmount);
  const raw = code.type === "percentage" ? Math.round((subtotal * Number(code.amount)) / 100) : cents(code.amount);
  return Math.min(raw, subtotal);
}

/** The checkout (storefront.md sections 2, 4, 5, 7, 8): details, summary, discount box, payment, polling. */
export default function CheckoutPage({
  initialItems,
  email: initialEmail,
  robloxUsername: initialUsername,
  provider,
  knownOrderIds,
  storeCredit,
  sandboxPendingSeconds = 30,
}: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const [items] = useState(initialItems);
  const [email, setEmail] = useState(initialEmail);
  const [robloxUsername, setRobloxUsername] = useState(initialUsername);
  const [codeText, setCodeText] = useState("");
  const [code, setCode] = useState<AppliedCode | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const [phase, setPhase] = useState<Phase>("details");
  const [prepared, setPrepared] = useState<Prepared | null>(null);
  const [waitedOut, setWaitedOut] = useState(false);
  const [useStoreCredit, setUseStoreCredit] = useState(false);
  const [outcome, setOutcome] = useState<SandboxOutcome>("approve");
  const [declined, setDeclined] = useState<string | null>(null);
  /** The order placed while its payment is reviewed, and what became of the payment. */
  const [awaiting, setAwaiting] = useState<{ orderId: string; paymentStatus: string } | null>(null);
  // What the shopper typed before the island hydrated is kept: the first render after hydration
  // would otherwise put the server's value back and the checkout would ask for it again.
  const usernameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (usernameRef.current && usernameRef.current.value !== initialUsername) setRobloxUsername(usernameRef.current.value);
    if (emailRef.current && emailRef.current.value !== initialEmail) setEmail(emailRef.current.value);
    // Once, at hydration: later the inputs are controlled.
  }, []);
  const paypalRef = useRef<HTMLDivElement>(null);
  const pollNow = useRef<() => void>(() => undefined);

  const subtotal = items.reduce((sum, item) => sum + cents(item.product.price) * item.quantity, 0);
  const discount = code ? estimateDiscount(code, subtotal) : 0;
  const total = subtotal - discount;
  const credit = cents(storeCredit);
  // The server's figures once prepared; before that the page's own estimate.
  const creditApplied = prepared ? cents(prepared.creditApplied) : useStoreCredit ? Math.min(credit, total) : 0;
  const amountDue = prepared ? cents(prepared.amountDue) : total - creditApplied;

  // After a successful prepare, poll for the order the payment creates (storefront.md section 4).
  useEffect(() => {
    if (phase !== "payment-prepared" && phase !== "paying") return;
    let attempts = 0;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const known = new Set(knownOrderIds);
    async function poll() {
      clearTimeout(timer);
      if (stopped) return;
      attempts += 1;
      try {
        const user = await api.get<{ orders: OrderView[] }>("/api/auth/user");
        const placed = user.orders.find((order) => !known.has(order.id));
        if (!stopped && placed) {
          stopped = true;
          if (placed.paymentStatus === "awaiting") {
            showAwaiting(placed);
            return;
          }
          succeed();
          return;
        }
      } catch (error) {
        console.error("order polling failed", error);
      }
      if (attempts >= POLL_ATTEMPTS) setWaitedOut(true);
      else if (!stopped) timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
    }
    pollNow.current = () => void poll();
    timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [phase, knownOrderIds]);

  // While the payment is reviewed, follow the order until the provider completes or denies it.
  useEffect(() => {
    if (phase !== "awaiting" || !awaiting || awaiting.paymentStatus !== "awaiting") return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function follow() {
      try {
        const orders = await api.get<OrderView[]>("/api/orders");
        const order = orders.find((o) => o.id === awaiting?.orderId);
        if (!stopped && order && order.paymentStatus !== "awaiting") {
          setAwaiting({ orderId: order.id, paymentStatus: order.paymentStatus });
          return;
        }
      } catch (error) {
        console.error("order polling failed", error);
      }
      if (!stopped) timer = setTimeout(() => void follow(), POLL_INTERVAL_MS);
    }
    timer = setTimeout(() => void follow(), POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [phase, awaiting]);

  function succeed() {
    markPaymentSucceeded();
    $cartCount.set(0);
    setPhase("success");
    setTimeout(() => window.location.assign("/dashboard"), SUCCESS_DELAY_MS);
  }

  function showAwaiting(order: Pick<OrderView, "id" | "paymentStatus">) {
    $cartCount.set(0);
    setAwaiting({ orderId: order.id, paymentStatus: order.paymentStatus });
    setPhase("awaiting");
  }

  // PayPal mode: the SDK's buttons open the payment and capture it through our endpoints.
  useEffect(() => {
    if (provider !== "paypal" || phase !== "payment-prepared" || !paypalRef.current) return;
    const container = paypalRef.current;
    let cancelled = false;
    void (async () => {
      try {
        const setup = await api.get<{ clientToken: string; clientId: string | null }>("/paypal/setup");
        const paypal = await loadPayPalSdk(setup.clientId ?? "", setup.clientToken);
        if (cancelled || !paypal.Buttons) return;
        await paypal
          .Buttons({
            createOrder: async () => (await api.post<{ id: string }>("/paypal/order", { amount: prepared?.amountDue, currency: "USD", intent: "CAPTURE" })).id,
            onApprove: async ({ orderID }, actions) => {
              try {
                await capture(orderID);
              } catch (error) {
                // INSTRUMENT_DECLINED: PayPal lets the buyer pick another card or funding source
                // for the same payment (developer.paypal.com, "Handle funding failures").
                if (error instanceof ApiError && error.status === 402 && error.body["restart"] === true) return actions.restart();
                showDecline(error);
              }
            },
            onCancel: () => setDeclined(null),
            onError: (error) => {
              console.error("payment provider error", error);
              setDeclined("PayPal could not complete the payment. Nothing was charged. Please try again.");
            },
          })
          .render(container);
      } catch (error) {
        console.error("payment provider error", error);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [phase, provider]);

  async function applyCode() {
    const text = codeText.trim().toUpperCase();
    setCodeText(text);
    if (!text) return;
    setApplying(true);
    setCodeError(null);
    try {
      const found = await api.post<AppliedCode>("/api/discount-codes/validate", { code: text });
      if (found.minPurchase !== null && subtotal < cents(found.minPurchase)) {
        setCodeError(`Minimum purchase of $${found.minPurchase} required`);
      } else {
        setCode(found);
      }
    } catch (error) {
      setCodeError(error instanceof ApiError ? error.message : "Invalid discount code");
    }
    setApplying(false);
  }

  async function prepare(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!robloxUsername.trim() || !email.trim()) {
      showToast({ title: "Missing Information", description: "Please enter your Roblox username and email", variant: "destructive" });
      return;
    }
    if (items.length === 0) {
      showToast({ title: "Cart is Empty", description: "Add some items to your cart before checking out", variant: "destructive" });
      return;
    }
    setPhase("preparing");
    try {
      const result = await api.post<Prepared>("/api/checkout/prepare", {
        email: email.trim(),
        robloxUsername: robloxUsername.trim(),
        total: formatCents(total),
        cartItems: items.map((item) => ({ id: item.id, productId: item.productId, quantity: item.quantity })),
        discountCodeId: code?.id ?? null,
        discountAmount: code ? formatCents(discount) : null,
        useStoreCredit,
      });
      setPrepared(result);
      setPhase("payment-prepared");
    } catch (error) {
      showToast({
        title: "Error",
        description: error instanceof ApiError ? error.message : "Failed to prepare checkout. Please try again.",
        variant: "destructive",
      });
      setPhase("details");
    }
  }

  async function capture(paymentId: string) {
    setDeclined(null);
    const captured = await api.post<Captured>(`/paypal/order/${encodeURIComponent(paymentId)}/capture`);
    if (captured.status === "PENDING" && captured.order) showAwaiting(captured.order);
    else pollNow.current();
  }

  /** A declined payment placed nothing: say so where the shopper is looking, and let them pay again. */
  function showDecline(error: unknown) {
    const message = error instanceof ApiError ? error.message : "Payment failed. Please try again.";
    setDeclined(message);
    setPhase("payment-prepared");
  }

  async function paySandbox() {
    setPhase("paying");
    setDeclined(null);
    try {
      const { id: paymentId } = await api.post<{ id: string }>("/paypal/order", {
        amount: prepared?.amountDue,
        currency: "USD",
        intent: "CAPTURE",
        sandboxOutcome: outcome,
      });
      await capture(paymentId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) {
        showDecline(error);
        return;
      }
      showToast({ title: "Error", description: error instanceof ApiError ? error.message : "Payment failed. Please try again.", variant: "destructive" });
      setPhase("payment-prepared");
    }
  }

  /** Store credit pays everything: the order is placed without a payment step. */
  async function placeWithStoreCredit() {
    setPhase("paying");
    try {
      await api.post("/api/checkout/complete");
      pollNow.current();
    } catch (error) {
      showToast({
        title: "Error",
        description: error instanceof ApiError ? error.message : "Failed to place the order. Please try again.",
        variant: "destructive",
      });
      setPhase("payment-prepared");
    }
  }

  if (phase === "success") {
    return (
      <section className="card mx-auto max-w-md p-8 text-center" role="status" aria-labelledby="success-heading">
        <h2 id="success-heading" className="text-2xl font-bold">
          Payment successful!
        </h2>
        <p className="mt-2 text-slate-300">Thank you for your order. Taking you to your dashboard...</p>
      </section>
    );
  }

  if (phase === "awaiting" && awaiting) {
    const paid = awaiting.paymentStatus === "paid";
    const denied = awaiting.paymentStatus === "denied";
    return (
      <section className="card mx-auto max-w-md p-8 text-center" role="status" aria-live="polite" aria-labelledby="awaiting-heading">
        <h2 id="awaiting-heading" className="text-2xl font-bold">
          {paid ? "Payment received!" : denied ? "Payment denied" : "Your payment is being reviewed"}
        </h2>
        {paid ? (
          <p className="mt-2 text-slate-300">The payment cleared and your order is confirmed. We deliver it to your Roblox account now.</p>
        ) : denied ? (
          <p className="mt-2 text-slate-300">The payment provider denied the payment, so nothing was charged and the order was cancelled.</p>
        ) : (
          <>
            <p className="mt-2 text-slate-300">
              Your order is placed and its items are set aside. {provider === "sandbox" ? "The test payment" : "PayPal"} is being reviewed; we deliver as soon
              as it clears
              {provider === "sandbox"
                ? ` (in this sandbox, after about ${sandboxPendingSeconds} seconds)`
                : " (usually within minutes, an eCheck can take a few days)"}
              .
            </p>
            <p className="mt-2 text-sm text-slate-400">You can leave this page: your dashboard shows the order and its payment status.</p>
            <p className="mt-4 text-sm text-slate-300" aria-hidden="true">
              Checking every few seconds...
            </p>
          </>
        )}
        <a className="btn-primary mt-6 inline-block px-6 py-3" href="/dashboard">
          Go to my dashboard
        </a>
      </section>
    );
  }

  const locked = phase !== "details";
  return (
    <form className="grid grid-cols-1 gap-8 lg:grid-cols-3" onSubmit={prepare} noValidate>
      <div className="space-y-6 lg:col-span-2">
        <section className="card p-6" aria-labelledby={`${id}-method`}>
          <h2 id={`${id}-method`} className="text-lg font-bold">
            Payment Method
          </h2>
          {provider === "paypal" ? (
            <p className="mt-2 text-sm text-slate-300">PayPal: pay with your PayPal balance or a card. You approve the payment in PayPal's window.</p>
          ) : (
            <p className="mt-2 text-sm text-slate-300">
              <span className="mr-2 rounded bg-amber-500/20 px-2 py-0.5 text-xs font-bold text-amber-200">TEST MODE</span>
              This store runs in sandbox mode: the test payment button completes the order and no money moves.
            </p>
          )}
        </section>
        <section className="card space-y-4 p-6" aria-labelledby={`${id}-details`}>
          <h2 id={`${id}-details`} className="text-lg font-bold">
            Payment Details
          </h2>
          <div>
            <label htmlFor={`${id}-roblox`} className="mb-1 block text-sm font-medium">
              Roblox username
            </label>
            <input
              id={`${id}-roblox`}
              ref={usernameRef}
              className="input"
              autoComplete="username"
              value={robloxUsername}
              disabled={locked}
              onChange={(e) => setRobloxUsername(e.target.value)}
            />
            <p className="mt-1 text-xs text-slate-400">
              We deliver your items to this Roblox account: 3 to 20 letters or digits, at most one underscore (not first or last).
            </p>
          </div>
          <div>
            <label htmlFor={`${id}-email`} className="mb-1 block text-sm font-medium">
              Email
            </label>
            <input
              id={`${id}-email`}
              ref={emailRef}
              type="email"
              className="input"
              autoComplete="email"
              value={email}
              disabled={locked}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
        </section>
      </div>

      <aside className="card h-fit space-y-4 p-6" aria-labelledby={`${id}-summary`}>
        <h2 id={`${id}-summary`} className="text-lg font-bold">
          Order Summary
        </h2>
        {items.length === 0 ? (
          <p className="text-sm text-slate-300">Your cart is empty.</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {items.map((item) => (
              <li key={item.id} className="flex justify-between gap-3">
                <span className="min-w-0 break-words">
                  {item.product.name} × {item.quantity}
                </span>
                <span className="shrink-0 whitespace-nowrap">${formatCents(cents(item.product.price) * item.quantity)}</span>
              </li>
            ))}
          </ul>
        )}
        <div>
          <label htmlFor={`${id}-code`} className="mb-1 block text-sm font-medium">
            Discount code
          </label>
          {code ? (
            <div className="flex items-center justify-between rounded-lg border border-emerald-500/50 bg-emerald-500/10 px-3 py-2 text-sm">
              <span>
                <strong>{code.code}</strong> applied
              </span>
              <button type="button" className="text-red-300 hover:underline disabled:opacity-50" disabled={locked} onClick={() => setCode(null)}>
                Remove
              </button>
            </div>
          ) : (
            <div className="flex gap-2">
              <input
                id={`${id}-code`}
                className="input"
                value={codeText}
                disabled={locked}
                aria-describedby={codeError ? `${id}-code-error` : undefined}
                onChange={(e) => setCodeText(e.target.value.toUpperCase())}
                onKeyDown={(e) => {
                  if (e.key === "Enter") {
                    e.preventDefault();
                    void applyCode();
                  }
                }}
              />
              <button type="button" className="btn-secondary" disabled={!hydrated || applying || locked || !codeText.trim()} onClick={applyCode}>
                Apply
              </button>
            </div>
          )}
          {codeError && (
            <p id={`${id}-code-error`} className="mt-1 text-sm text-red-300" role="alert">
              {codeError}
            </p>
          )}
        </div>
        <dl className="space-y-2 border-t border-ink-700 pt-4 text-sm">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd>${formatCents(subtotal)}</dd>
          </div>
          {code && (
            <div className="flex justify-between text-emerald-300">
              <dt>Discount ({code.code})</dt>
              <dd>-${formatCents(discount)}</dd>
            </div>
          )}
          <div className="flex justify-between">
            <dt>Delivery</dt>
            <dd className="text-emerald-300">Instant</dd>
          </div>
          <div className="flex justify-between text-base font-bold">
            <dt>Total</dt>
            <dd data-testid="checkout-total">${formatCents(total)}</dd>
          </div>
          {creditApplied > 0 && (
            <>
              <div className="flex justify-between text-emerald-300">
                <dt>Store credit</dt>
                <dd>-${formatCents(creditApplied)}</dd>
              </div>
              <div className="flex justify-between text-base font-bold">
                <dt>Amount due</dt>
                <dd data-testid="checkout-amount-due">${formatCents(amountDue)}</dd>
              </div>
            </>
          )}
        </dl>
        {credit > 0 && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={useStoreCredit} disabled={!hydrated || locked} onChange={(e) => setUseStoreCredit(e.target.checked)} />
            Use my store credit (${storeCredit})
          </label>
        )}

        {phase === "details" || phase === "preparing" ? (
          <button type="submit" className="btn-primary w-full py-3" disabled={!hydrated || phase === "preparing"}>
            {phase === "preparing" ? "Please wait..." : "Continue to Payment"}
          </button>
        ) : prepared && !prepared.paymentRequired ? (
          <button type="button" className="btn-primary w-full py-3" disabled={phase === "paying"} onClick={placeWithStoreCredit}>
            {phase === "paying" ? "Processing..." : "Place order (paid with store credit)"}
          </button>
        ) : provider === "sandbox" ? (
          <div className="space-y-3">
            <fieldset className="rounded-lg border border-ink-700 p-3 text-sm">
              <legend className="px-1 font-medium">Test payment outcome</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-2">
                {OUTCOMES.map((option) => (
                  <label key={option.value} className="flex items-center gap-2">
                    <input
                      type="radio"
                      name={`${id}-outcome`}
                      value={option.value}
                      checked={outcome === option.value}
                      disabled={phase === "paying"}
                      onChange={() => setOutcome(option.value)}
                    />
                    {option.label}
                  </label>
                ))}
              </div>
              <p className="mt-2 text-xs text-slate-400">
                {outcome === "pending"
                  ? `The order is placed and waits for the payment, which clears after about ${sandboxPendingSeconds} seconds.`
                  : outcome === "decline"
                    ? "The payment is declined: nothing is placed and you can pay again."
                    : "The payment succeeds at once."}
              </p>
            </fieldset>
            <button type="button" className="btn-primary w-full py-3" disabled={phase === "paying"} onClick={paySandbox}>
              {phase === "paying" ? "Processing..." : `Pay $${prepared?.amountDue} with test payment (sandbox, no money moves)`}
            </button>
          </div>
        ) : (
          <div ref={paypalRef} aria-label="PayPal payment buttons" />
        )}
        {declined && (
          <p className="rounded-lg border border-red-500/50 bg-red-500/10 px-3 py-2 text-sm text-red-200" role="alert">
            {declined}
          </p>
        )}
        {waitedOut && (
          <p className="text-sm text-slate-300">We have not seen your payment yet. If you paid, your order will appear on your dashboard shortly.</p>
        )}
      </aside>
    </form>
  );
}
