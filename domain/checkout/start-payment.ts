import type { PaymentDescription, PaymentGateway, SandboxOutcome } from "../payments/payment-gateway.port.ts";
import type { Cents } from "../shared/money.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { amountDue, paymentRequired, type PreparedCheckout } from "./checkout.ts";
import { noPaymentNeeded, noPreparedCheckout } from "./checkout.errors.ts";
import type { CheckoutRepositories } from "./checkout-repositories.port.ts";

/**
 * What the buyer's receipt at the provider says: each item with its name, quantity and unit price,
 * the discount and store credit as one discount (so the items add up to the amount asked), and a
 * description that names the shop and the items. The checkout id ties the payment to the order.
 */
export function describePayment(checkout: PreparedCheckout, shopName: string): PaymentDescription {
  const units = checkout.items.reduce((sum, item) => sum + item.quantity, 0);
  const first = checkout.items[0]?.productName ?? "items";
  const rest = checkout.items.length > 1 ? ` and ${checkout.items.length - 1} more` : "";
  const description = `${shopName}: ${first}${rest} (${units} item${units === 1 ? "" : "s"}, delivered in Roblox to ${checkout.robloxUsername})`;
  return {
    description: description.slice(0, 127),
    reference: checkout.id,
    items: checkout.items.map((item) => ({ name: item.productName.slice(0, 127), quantity: item.quantity, unitAmount: item.unitPrice })),
    discount: checkout.subtotal - amountDue(checkout),
  };
}

/**
 * Opens the payment for the shopper's prepared checkout, for its amount due (the total less the
 * store credit applied; a checkout store credit pays in full needs no payment, 409): what a client
 * says the amount is plays no part. Calling it again for the same checkout answers the same payment
 * (the provider's request id makes creation idempotent, and the checkout keeps the first id) until
 * the provider declines that payment for good: then the next call opens a new one.
 */
export async function startPayment(
  input: { userId: string; sandboxOutcome?: SandboxOutcome },
  deps: { unitOfWork: UnitOfWork<CheckoutRepositories>; gateway: PaymentGateway; shopName?: string },
): Promise<{ id: string; amount: Cents }> {
  const checkout = await deps.unitOfWork.run(({ checkouts }) => checkouts.currentOf(input.userId));
  if (!checkout) throw noPreparedCheckout();
  if (!paymentRequired(checkout)) throw noPaymentNeeded();
  const amount = amountDue(checkout);
  if (checkout.paymentId) return { id: checkout.paymentId, amount };
  const attempt = checkout.paymentAttempt > 0 ? `-${checkout.paymentAttempt}` : "";
  const { id } = await deps.gateway.createOrder({
    amount,
    currency: "USD",
    reference: checkout.id,
    requestId: `create-${checkout.id}${attempt}`,
    description: describePayment(checkout, deps.shopName ?? "Shop"),
    ...(input.sandboxOutcome ? { sandboxOutcome: input.sandboxOutcome } : {}),
  });
  const stored = await deps.unitOfWork.run(async ({ checkouts }) => {
    if (await checkouts.attachPayment(checkout.id, id)) return id;
    // A racing request attached its payment first: everyone pays that one.
    return (await checkouts.currentOf(input.userId))?.paymentId ?? null;
  });
  if (!stored) throw noPreparedCheckout();
  return { id: stored, amount };
}
