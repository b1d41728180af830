import type { PaymentGateway } from "../payments/payment-gateway.port.ts";
import type { Cents } from "../shared/money.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { amountDue, paymentRequired } from "./checkout.ts";
import { noPaymentNeeded, noPreparedCheckout } from "./ordering.errors.ts";
import type { OrderingRepositories } from "./ordering-unit-of-work.ts";

/**
 * Opens the payment for the shopper's prepared checkout, for its amount due (the total less the
 * store credit applied; a checkout store credit pays in full needs no payment, 409): what a client
 * says the amount is plays no part. Calling it again for the same checkout answers the same payment
 * (the provider's request id makes creation idempotent, and the checkout keeps the first id).
 */
export async function startPayment(
  input: { userId: string },
  deps: { unitOfWork: UnitOfWork<OrderingRepositories>; gateway: PaymentGateway },
): Promise<{ id: string; amount: Cents }> {
  const checkout = await deps.unitOfWork.run(({ checkouts }) => checkouts.currentOf(input.userId));
  if (!checkout) throw noPreparedCheckout();
  if (!paymentRequired(checkout)) throw noPaymentNeeded();
  const amount = amountDue(checkout);
  if (checkout.paymentId) return { id: checkout.paymentId, amount };
  const { id } = await deps.gateway.createOrder({
    amount,
    currency: "USD",
    reference: checkout.id,
    requestId: `create-${checkout.id}`,
  });
  const stored = await deps.unitOfWork.run(async ({ checkouts }) => {
    if (await checkouts.attachPayment(checkout.id, id)) return id;
    // A racing request attached its payment first: everyone pays that one.
    return (await checkouts.currentOf(input.userId))?.paymentId ?? null;
  });
  if (!stored) throw noPreparedCheckout();
  return { id: stored, amount };
}
