import type { PaymentDescription, PaymentGateways, PaymentProvider, SandboxOutcome } from "../payments/payment-gateway.port.ts";
import { paymentMethodsOf } from "../payments/payment-methods.ts";
import { paymentProviderUnreachable } from "../payments/payments.errors.ts";
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
 * the provider declines that payment for good: then the next call opens a new one. The shopper
 * chooses the provider among the configured ones (none named: the shop's default); choosing another
 * provider than the open payment's forgets that payment (as a decline does) and opens one there.
 * It answers what the browser needs to confirm the payment itself (Stripe's client secret; null for
 * the others). A provider that does not answer is a 502 `payment_provider_unreachable` naming the
 * way to pay: nothing was charged, and the shopper can choose another configured provider.
 */
export async function startPayment(
  input: { userId: string; sandboxOutcome?: SandboxOutcome; provider?: PaymentProvider | undefined },
  deps: { unitOfWork: UnitOfWork<CheckoutRepositories>; gateways: PaymentGateways; shopName?: string },
): Promise<{ id: string; amount: Cents; provider: PaymentProvider; checkoutId: string; clientSecret: string | null }> {
  const provider = input.provider ?? deps.gateways.providers[0]!;
  const gateway = deps.gateways.of(provider);
  const reach = <T>(call: () => Promise<T>): Promise<T> =>
    call().catch((error: unknown) => {
      throw paymentProviderUnreachable(paymentMethodsOf([provider])[0]!.name, error);
    });
  let checkout = await deps.unitOfWork.run(({ checkouts }) => checkouts.currentOf(input.userId));
  if (!checkout) throw noPreparedCheckout();
  if (!paymentRequired(checkout)) throw noPaymentNeeded();
  const amount = amountDue(checkout);
  const opened = async (id: string, checkoutId: string) => ({ id, amount, provider, checkoutId, clientSecret: await reach(() => gateway.clientSecret(id)) });
  if (checkout.paymentId) {
    const openedBy = checkout.paymentProvider ?? deps.gateways.providers[0]!;
    if (openedBy === provider) return opened(checkout.paymentId, checkout.id);
    const open = { id: checkout.id, paymentId: checkout.paymentId };
    checkout = await deps.unitOfWork.run(async ({ checkouts }) => {
      await checkouts.detachPayment(open.id, open.paymentId);
      return checkouts.currentOf(input.userId);
    });
    if (!checkout) throw noPreparedCheckout();
    if (checkout.paymentId) return startPayment(input, deps);
  }
  const current = checkout;
  const checkoutId = current.id;
  const attempt = current.paymentAttempt > 0 ? `-${current.paymentAttempt}` : "";
  const { id } = await reach(() =>
    gateway.createOrder({
      amount,
      currency: "USD",
      reference: checkoutId,
      requestId: `create-${checkoutId}${attempt}`,
      description: describePayment(current, deps.shopName ?? "Shop"),
      ...(input.sandboxOutcome ? { sandboxOutcome: input.sandboxOutcome } : {}),
    }),
  );
  const stored = await deps.unitOfWork.run(async ({ checkouts }) => {
    if (await checkouts.attachPayment(checkoutId, id, provider)) return id;
    // A racing request attached its payment first: everyone pays that one.
    return (await checkouts.currentOf(input.userId))?.paymentId ?? null;
  });
  if (!stored) throw noPreparedCheckout();
  return opened(stored, checkoutId);
}
