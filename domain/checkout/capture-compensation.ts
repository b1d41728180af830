import type { CaptureResult, PaymentGateway } from "../payments/payment-gateway.port.ts";
import type { PaymentsRepositories } from "../payments/payments-repositories.port.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";

/** A capture that took the money, at once or held for review by the provider. */
export type TakenCapture = Exclude<CaptureResult, { status: "declined" }>;

/**
 * How the money of a capture that became no order went back: refunded now, or queued, with what
 * kept it from going back now when something did (the provider's error or refusal, for the log).
 */
export type Compensation = { done: "refunded" } | { done: "queued"; cause: unknown };

/** Whose checkout it was: where the refund email goes. */
type Shopper = { email: string; userId: string };

type Deps = {
  unitOfWork: UnitOfWork<Pick<PaymentsRepositories, "mail" | "payments">>;
  gateway: Pick<PaymentGateway, "provider" | "refundCapture">;
  clock: Clock;
};

/**
 * The compensation of a capture that cannot become an order (the amount paid is not the order's, or
 * the order could not be placed after the money was taken), in its named steps, so that no payment
 * ends without an order or a refund:
 * 1. refundAtOnce: a completed capture is refunded now, with the capture's own request id (so never
 *    twice); a capture still under review cannot be refunded yet;
 * 2. tellShopperRefunded: once the provider has confirmed the refund, the shopper is told by email
 *    where the money went (issue 19);
 * 3. queueTheRefund: otherwise (under review, the call failed or was refused) the refund queue makes
 *    it as soon as the provider allows (reconcile-payments.ts), and the order's page shows it then.
 */
export async function compensateCapture(
  capture: TakenCapture,
  checkout: Shopper,
  why: { reason: string; forShopper: string },
  deps: Deps,
): Promise<Compensation> {
  const now = await refundAtOnce(capture, deps);
  if (now.refunded) {
    await tellShopperRefunded(capture, checkout, why.forShopper, deps);
    return { done: "refunded" };
  }
  await queueTheRefund(capture, why.reason, deps);
  return { done: "queued", cause: now.cause };
}

async function refundAtOnce(capture: TakenCapture, deps: Deps): Promise<{ refunded: true } | { refunded: false; cause: unknown }> {
  if (capture.status !== "completed") return { refunded: false, cause: undefined };
  try {
    const result = await deps.gateway.refundCapture({
      captureId: capture.captureId,
      amount: capture.amount,
      currency: "USD",
      requestId: `refund-${capture.captureId}`,
    });
    if (result.status === "refused") return { refunded: false, cause: new Error(`The payment provider refused the refund: ${result.reason}`) };
    return { refunded: true };
  } catch (error) {
    return { refunded: false, cause: error };
  }
}

async function tellShopperRefunded(capture: TakenCapture, checkout: Shopper, forShopper: string, deps: Deps): Promise<void> {
  await deps.unitOfWork.run(({ mail }) =>
    mail.add(
      { template: "payment_refunded", to: checkout.email, data: { amount: capture.amount, provider: deps.gateway.provider, reason: forShopper } },
      checkout.userId,
    ),
  );
}

async function queueTheRefund(capture: TakenCapture, reason: string, deps: Deps): Promise<void> {
  const now = deps.clock.now();
  await deps.unitOfWork.run(({ payments }) =>
    payments.queueRefund({
      captureId: capture.captureId,
      amount: capture.amount,
      reason,
      provider: deps.gateway.provider,
      // A capture under review can be refunded once the provider settles it: asked again when it says.
      dueAt: capture.status === "pending" && capture.recheckAt ? capture.recheckAt : now,
      at: now,
    }),
  );
}
