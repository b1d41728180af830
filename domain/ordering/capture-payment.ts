import { outOfStock } from "../cart/cart.errors.ts";
import { assertCodeUsable } from "../promotions/discount-code.ts";
import { discountUsedUp } from "../promotions/discount-code.errors.ts";
import type { PaymentGateway } from "../payments/payment-gateway.port.ts";
import type { Clock } from "../shared/clock.port.ts";
import { isDomainError } from "../shared/domain-error.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { assertStillAvailable, isHolding, type PreparedCheckout } from "./checkout.ts";
import { itemCount, orderFromCheckout, type Order } from "./order.ts";
import { checkoutReplaced, paymentDeclined, paymentNotFound, refunded } from "./ordering.errors.ts";
import { DomainError } from "../shared/domain-error.ts";
import type { OrderingRepositories } from "./ordering-unit-of-work.ts";

export type CaptureOutcome = { kind: "placed"; order: Order } | { kind: "already_captured"; order: Order };

type Deps = { unitOfWork: UnitOfWork<OrderingRepositories>; gateway: PaymentGateway; clock: Clock; ids: IdGenerator };

/**
 * Takes the money of the shopper's payment and places the order (see placeOrder). A payment that
 * already became an order answers "already_captured" with that order and changes nothing, however
 * many times or however concurrently it is repeated: the capture's request id makes the provider
 * answer the same capture, and the unique payment id lets only one order in. When the hold expired,
 * availability and the code are re-checked before any money is taken. When the order cannot be
 * placed after the capture (the last unit or the code's last use went to someone else), the payment
 * is refunded and the shopper gets a 409 saying so.
 */
export async function capturePayment(input: { userId: string; visitorId: string; paymentId: string }, deps: Deps): Promise<CaptureOutcome> {
  const { checkout, existing } = await deps.unitOfWork.run(async ({ checkouts, orders }) => ({
    checkout: await checkouts.byPaymentId(input.paymentId),
    existing: await orders.byPaymentId(input.paymentId),
  }));
  if (!checkout || checkout.userId !== input.userId) throw paymentNotFound();
  if (existing) return { kind: "already_captured", order: existing };
  if (checkout.status === "replaced") throw checkoutReplaced();

  if (!isHolding(checkout, deps.clock.now())) await recheckExpired(checkout, deps);

  const capture = await deps.gateway.captureOrder({ orderId: input.paymentId, requestId: `capture-${input.paymentId}` });
  if (capture.status === "declined") throw paymentDeclined(capture.reason);
  const refund = () =>
    deps.gateway.refundCapture({ captureId: capture.captureId, amount: capture.amount, currency: "USD", requestId: `refund-${capture.captureId}` });
  if (capture.amount !== checkout.total || capture.currency !== "USD") {
    await refund();
    throw new DomainError("conflict", "amount_mismatch", "The payment amount did not match your order. Your payment was refunded.");
  }
  try {
    return await placeOrder(checkout, { paymentId: input.paymentId, captureId: capture.captureId, visitorId: input.visitorId }, deps);
  } catch (error) {
    if (isDomainError(error) && error.kind === "conflict") {
      await refund();
      throw refunded(error);
    }
    throw error;
  }
}

async function recheckExpired(checkout: PreparedCheckout, deps: Deps): Promise<void> {
  const now = deps.clock.now();
  await deps.unitOfWork.run(async ({ products, discountCodes }) => {
    const available = new Map<string, number | null>();
    for (const item of checkout.items) available.set(item.productId, (await products.product(item.productId, checkout.userId, now))?.available ?? null);
    assertStillAvailable(checkout.items, (id) => available.get(id) ?? null);
    if (checkout.discountCodeId) {
      const code = await discountCodes.byId(checkout.discountCodeId);
      if (code) assertCodeUsable(code, now);
    }
  });
}

/**
 * Places the order of a paid checkout in one transaction: the order (pending, with copies of the
 * items' names and prices), each item's stock taken with a conditional update, the code's use
 * counted against its limit, the ordered products removed from the cart, the hold released and
 * OrderPlaced appended. The order row is written first, so a second placement of the same payment
 * stops before touching anything. Out of stock or a used-up code throws a 409 and nothing is kept.
 * A code deleted after the checkout was prepared still gives the agreed price.
 */
export async function placeOrder(
  checkout: PreparedCheckout,
  payment: { paymentId: string; captureId: string; visitorId: string },
  deps: Omit<Deps, "gateway"> & { gateway: Pick<PaymentGateway, "provider"> },
): Promise<CaptureOutcome> {
  const now = deps.clock.now();
  const order = orderFromCheckout(
    checkout,
    { provider: deps.gateway.provider, paymentId: payment.paymentId, captureId: payment.captureId },
    { orderId: deps.ids.newId(), itemIds: checkout.items.map(() => deps.ids.newId()) },
    now,
  );
  return deps.unitOfWork.run(async ({ orders, stock, discountUsage, cart, checkouts, events }) => {
    if (!(await orders.addIfNewPayment(order, now))) {
      const placed = await orders.byPaymentId(payment.paymentId);
      if (!placed) throw new Error(`payment ${payment.paymentId} is recorded but its order is missing`);
      return { kind: "already_captured", order: placed };
    }
    // Locked first, in one fixed order, so racing placements and prepares queue instead of deadlocking.
    await stock.lock(order.items.map((item) => item.productId));
    for (const item of order.items) {
      if (!(await stock.takeIfAvailable(item.productId, item.quantity))) throw outOfStock(item.productName);
    }
    if (order.discountCodeId && (await discountUsage.countUseIfAvailable(order.discountCodeId)) === "limit_reached") throw discountUsedUp();
    const shopper = { kind: "user", userId: order.userId } as const;
    const ordered = new Set(order.items.map((item) => item.productId));
    const lines = await cart.lines(shopper);
    await cart.remove(lines.filter((line) => ordered.has(line.productId)).map((line) => line.id));
    await checkouts.complete(checkout.id);
    await events.append({
      type: "OrderPlaced",
      occurredAt: now,
      visitorId: payment.visitorId,
      userId: order.userId,
      payload: { orderId: order.id, total: order.total, itemCount: itemCount(order) },
    });
    return { kind: "placed", order };
  });
}
