import type { ReviewedOrder } from "./use-payment-review.ts";

/** The payment went through: the page moves to the dashboard shortly. */
export function PaymentSucceeded() {
  return (
    <section className="card mx-auto max-w-md p-8 text-center" role="status" aria-labelledby="success-heading">
      <h2 id="success-heading" className="text-2xl font-bold">
        Payment successful!
      </h2>
      <p className="mt-2 text-slate-300">Thank you for your order. Taking you to your dashboard...</p>
    </section>
  );
}

/** The order is placed and its payment is reviewed by the provider; then what became of it. */
export function PaymentUnderReview({
  order,
  provider,
  sandboxPendingSeconds,
}: {
  order: ReviewedOrder;
  provider: "sandbox" | "paypal" | "stripe";
  sandboxPendingSeconds: number;
}) {
  const paid = order.paymentStatus === "paid";
  const denied = order.paymentStatus === "denied";
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
            Your order is placed and its items are set aside.{" "}
            {provider === "sandbox" ? "The test payment" : provider === "stripe" ? "Your card payment" : "PayPal"} is being reviewed; we deliver as soon as it
            clears
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

/** Why a payment placed nothing, where the shopper is looking (null: nothing to say). */
export function PaymentDeclined({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="rounded-lg border border-red-500/50 bg-red-500/10 px-3 py-2 text-sm text-red-200" role="alert">
      {message}
    </p>
  );
}
