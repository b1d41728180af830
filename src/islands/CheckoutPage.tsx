import { useRef, useState } from "react";
import { robloxUsernameProblem } from "#domain/checkout/roblox-username.ts";
import { formatCents } from "#domain/shared/money.ts";
import type { PaymentOrderView, PlacedOrderView, PreparedCheckoutView } from "#read-models/shopping/checkout.views.ts";
import type { OrderView } from "#read-models/shopping/shopping.views.ts";
import { api, ApiError, errorMessage, fieldErrorsOf } from "../lib/api-client.ts";
import { clearCheckoutDraft } from "./checkout/checkout-draft.ts";
import { useCheckoutDraft } from "./checkout/use-checkout-draft.ts";
import { markPaymentSucceeded } from "../lib/payment-flag.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { $cartCount } from "../stores/cart.ts";
import { showToast, toastError } from "../stores/toast.ts";
import { CHECKOUT_IDS, cents, estimateDiscount, SUCCESS_DELAY_MS, type Phase, type SandboxOutcome } from "./checkout/checkout-figures.ts";
import { PaymentDeclined, PaymentSucceeded, PaymentUnderReview } from "./checkout/CheckoutOutcome.tsx";
import DiscountCodeField from "./checkout/DiscountCodeField.tsx";
import ProviderPayment from "./checkout/ProviderPayment.tsx";
import ShopperDetails from "./checkout/ShopperDetails.tsx";
import { RequirementsChecklist, useRequirementTicks } from "./checkout/RequirementsChecklist.tsx";
import { useRobloxRecipient } from "./checkout/use-roblox-recipient.ts";
import { CheckoutItems, CheckoutTotals } from "./checkout/SummaryLines.tsx";
import { useDiscountCode } from "./checkout/use-discount-code.ts";
import { useNewOrder } from "./checkout/use-order-polling.ts";
import { usePaymentReview, type ReviewedOrder } from "./checkout/use-payment-review.ts";
import { usePayPalButtons } from "./checkout/use-paypal-buttons.ts";
import { BusyButton } from "./ui/busy-button.tsx";
import AskedBirthDate from "./checkout/AskedBirthDate.tsx";
import ParentRequest from "./checkout/ParentRequest.tsx";
import { useBirthDate } from "./checkout/use-birth-date.ts";
import { usernameFieldError } from "./checkout/username-field-error.ts";
import type { CheckoutPageProps } from "./checkout/checkout-props.ts";
import GamePassField from "./checkout/GamePassField.tsx";
import { useGamePass } from "./checkout/use-game-pass.ts";

export { POLL_ATTEMPTS, POLL_INTERVAL_MS, SUCCESS_DELAY_MS } from "./checkout/checkout-figures.ts";

/**
 * The checkout (storefront.md sections 2, 4, 5, 7, 8): details, summary, discount box, payment, and
 * the wait for the order. The server's answers are the shared view types of
 * read-models/shopping/checkout.views.ts; the parts live in ./checkout/.
 */
export default function CheckoutPage({
  initialItems,
  email: initialEmail,
  robloxUsername: initialUsername,
  providers,
  knownOrderIds,
  storeCredit,
  sandboxPendingSeconds = 30,
  requirements = [],
  minor: initialMinor = false,
  needsBirthDate: initialNeedsBirthDate = false,
  robux = 0,
}: CheckoutPageProps) {
  const hydrated = useHydrated();
  const [provider, setProvider] = useState(providers[0]!.id);
  const [items] = useState(initialItems);
  const [email, setEmail] = useState(initialEmail);
  const [robloxUsername, setRobloxUsername] = useState(initialUsername);
  const [phase, setPhase] = useState<Phase>("details");
  const [prepared, setPrepared] = useState<PreparedCheckoutView | null>(null);
  const [useStoreCredit, setUseStoreCredit] = useState(false);
  const [outcome, setOutcome] = useState<SandboxOutcome>("approve");
  const [declined, setDeclined] = useState<string | null>(null);
  const [reviewed, setReviewed] = useState<ReviewedOrder | null>(null);
  const paypalRef = useRef<HTMLDivElement>(null);
  const robloxCheck = useRobloxRecipient(robloxUsername);
  const ticks = useRequirementTicks(requirements);
  const gamePass = useGamePass(robux, robloxUsername);
  const [minor, setMinor] = useState(initialMinor);
  const age = useBirthDate(initialNeedsBirthDate);
  // The field errors: the server's, by field, until that field is edited; the username's own as typed.
  const [serverFields, setServerFields] = useState<Partial<Record<"robloxUsername" | "email", string>>>({});
  const [leftUsername, setLeftUsername] = useState(false);
  const usernameError = usernameFieldError(robloxUsername, leftUsername, serverFields.robloxUsername);

  const subtotal = items.reduce((sum, item) => sum + cents(item.product.price) * item.quantity, 0);
  const discountCode = useDiscountCode(subtotal);
  const code = discountCode.code;
  const discount = code ? estimateDiscount(code, subtotal) : 0;
  // A reload mid-checkout keeps the username and the code for this same cart.
  useCheckoutDraft({ items, robloxUsername, setRobloxUsername, discountCode, keep: phase !== "success" && phase !== "awaiting" });
  const total = subtotal - discount;
  const credit = cents(storeCredit);
  // The server's figures once prepared; before that the page's own estimate.
  const creditApplied = prepared ? cents(prepared.creditApplied) : useStoreCredit ? Math.min(credit, total) : 0;
  const amountDue = prepared ? cents(prepared.amountDue) : total - creditApplied;

  const newOrder = useNewOrder(phase === "payment-prepared" || phase === "paying", knownOrderIds, (placed) =>
    placed.paymentStatus === "awaiting" ? showReview(placed) : succeed(),
  );
  usePaymentReview(phase === "awaiting" ? reviewed : null, setReviewed);
  usePayPalButtons({
    active: provider === "paypal" && phase === "payment-prepared",
    container: paypalRef,
    amountDue: prepared?.amountDue,
    capture,
    onDeclined: showDecline,
    onProblem: setDeclined,
  });

  function succeed() {
    clearCheckoutDraft();
    markPaymentSucceeded();
    $cartCount.set(0);
    setPhase("success");
    setTimeout(() => window.location.assign("/dashboard"), SUCCESS_DELAY_MS);
  }

  function showReview(order: Pick<OrderView, "id" | "paymentStatus">) {
    clearCheckoutDraft();
    $cartCount.set(0);
    setReviewed({ orderId: order.id, paymentStatus: order.paymentStatus });
    setPhase("awaiting");
  }

  async function prepare(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!robloxUsername.trim() || !email.trim()) {
      showToast({ title: "Missing Information", description: "Please enter your Roblox username and email", variant: "destructive" });
      return;
    }
    if (robloxUsernameProblem(robloxUsername.trim())) {
      setLeftUsername(true);
      document.getElementById(CHECKOUT_IDS.roblox)?.focus();
      return;
    }
    if (items.length === 0) {
      showToast({ title: "Cart is Empty", description: "Add some items to your cart before checking out", variant: "destructive" });
      return;
    }
    // Refused at the field already (unknown or banned at Roblox): nothing to prepare.
    if (robloxCheck.state === "unknown" || robloxCheck.state === "banned") {
      document.getElementById(CHECKOUT_IDS.roblox)?.focus();
      return;
    }
    if (!ticks.allTicked() || gamePass.blocks()) return;
    setPhase("preparing");
    try {
      if (!(await age.giveIfAsked(setMinor))) return setPhase("details");
      const result = await api.post<PreparedCheckoutView>("/api/checkout/prepare", {
        email: email.trim(),
        robloxUsername: robloxUsername.trim(),
        total: formatCents(total),
        cartItems: items.map((item) => ({ id: item.id, productId: item.productId, quantity: item.quantity })),
        discountCodeId: code?.id ?? null,
        discountAmount: code ? formatCents(discount) : null,
        useStoreCredit,
        acknowledgedRequirements: ticks.ticked,
        ...gamePass.claim,
      });
      setPrepared(result);
      setPhase("payment-prepared");
    } catch (error) {
      // An account made without a date of birth is asked for it here, once.
      if (age.askedFor(error) || gamePass.take(error)) return setPhase("details");
      // A field's problem is said under that field (and it gets the focus); anything else is a toast.
      const fields = fieldErrorsOf(error, ["robloxUsername", "email"] as const);
      if (fields.robloxUsername || fields.email) {
        setServerFields(fields);
        setPhase("details");
        requestAnimationFrame(() => document.getElementById(fields.robloxUsername ? CHECKOUT_IDS.roblox : CHECKOUT_IDS.email)?.focus());
        return;
      }
      toastError(error, "Failed to prepare checkout. Please try again.");
      setPhase("details");
    }
  }

  async function capture(paymentId: string, via = "/paypal/order") {
    setDeclined(null);
    const captured = await api.post<PlacedOrderView>(`${via}/${encodeURIComponent(paymentId)}/capture`);
    if (captured.status === "PENDING" && captured.order) showReview(captured.order);
    else newOrder.pollNow();
  }

  /** A declined payment placed nothing: say so where the shopper is looking, and let them pay again. */
  function showDecline(error: unknown) {
    setDeclined(errorMessage(error, "Payment failed. Please try again."));
    setPhase("payment-prepared");
  }

  async function paySandbox() {
    setPhase("paying");
    setDeclined(null);
    try {
      const { id: paymentId } = await api.post<PaymentOrderView>("/paypal/order", {
        amount: prepared?.amountDue,
        currency: "USD",
        intent: "CAPTURE",
        sandboxOutcome: outcome,
      });
      await capture(paymentId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) return showDecline(error);
      toastError(error, "Payment failed. Please try again.");
      setPhase("payment-prepared");
    }
  }

  /** Store credit pays everything: the order is placed without a payment step. */
  async function placeWithStoreCredit() {
    setPhase("paying");
    try {
      await api.post<PlacedOrderView>("/api/checkout/complete");
      newOrder.pollNow();
    } catch (error) {
      toastError(error, "Failed to place the order. Please try again.");
      setPhase("payment-prepared");
    }
  }

  if (phase === "success") return <PaymentSucceeded />;
  if (phase === "awaiting" && reviewed) return <PaymentUnderReview order={reviewed} provider={provider} sandboxPendingSeconds={sandboxPendingSeconds} />;

  const locked = phase !== "details";
  return (
    <form className="grid grid-cols-1 gap-8 lg:grid-cols-3" onSubmit={prepare} noValidate>
      <ShopperDetails
        provider={provider}
        robloxUsername={robloxUsername}
        email={email}
        locked={locked}
        usernameError={usernameError}
        emailError={serverFields.email ?? null}
        onUsername={(value) => {
          setRobloxUsername(value);
          setServerFields(({ robloxUsername: _dropped, ...rest }) => rest);
        }}
        onUsernameLeft={() => setLeftUsername(true)}
        onEmail={(value) => {
          setEmail(value);
          setServerFields(({ email: _dropped, ...rest }) => rest);
        }}
        robloxCheck={robloxCheck}
        savedUsername={initialUsername || null}
      >
        <GamePassField pass={gamePass} locked={locked} />
        <RequirementsChecklist requirements={requirements} ticked={ticks.ticked} locked={locked} error={ticks.error} onToggle={ticks.toggle} />
      </ShopperDetails>
      <aside className="card h-fit space-y-4 p-6" aria-labelledby={CHECKOUT_IDS.summary}>
        <h2 id={CHECKOUT_IDS.summary} className="text-lg font-bold">
          Order Summary
        </h2>
        <CheckoutItems items={items} />
        <DiscountCodeField discount={discountCode} locked={locked} hydrated={hydrated} />
        <CheckoutTotals subtotal={subtotal} code={code?.code ?? null} discount={discount} total={total} creditApplied={creditApplied} amountDue={amountDue} />
        {credit > 0 && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={useStoreCredit} disabled={!hydrated || locked} onChange={(e) => setUseStoreCredit(e.target.checked)} />
            Use my store credit (${storeCredit})
          </label>
        )}
        <AskedBirthDate age={age} locked={locked} hidden={phase === "payment-prepared"} />
        {phase === "details" || phase === "preparing" ? (
          <BusyButton type="submit" className="btn-primary w-full py-3" busy={phase === "preparing"} disabled={!hydrated}>
            {phase === "preparing" ? "Please wait..." : "Continue to Payment"}
          </BusyButton>
        ) : prepared && !prepared.paymentRequired ? (
          <BusyButton type="button" className="btn-primary w-full py-3" busy={phase === "paying"} onClick={placeWithStoreCredit}>
            {phase === "paying" ? "Processing..." : "Place order (paid with store credit)"}
          </BusyButton>
        ) : minor ? (
          <ParentRequest amountDue={prepared?.amountDue} />
        ) : (
          prepared && (
            <ProviderPayment
              providers={providers}
              provider={provider}
              onProvider={setProvider}
              payFor={{ checkoutId: prepared.id }}
              paying={phase === "paying"}
              paypalRef={paypalRef}
              onStripeConfirmed={(id) => capture(id, "/stripe/payment-intent")}
              onDeclined={showDecline}
              sandbox={{ outcome, onOutcome: setOutcome, amountDue: prepared.amountDue, sandboxPendingSeconds, onPay: () => void paySandbox() }}
            />
          )
        )}
        <PaymentDeclined message={declined} />
        {newOrder.waitedOut && (
          <p className="text-sm text-slate-300">We have not seen your payment yet. If you paid, your order will appear on your dashboard shortly.</p>
        )}
      </aside>
    </form>
  );
}
