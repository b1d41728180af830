import { outOfStock } from "../cart/cart.errors.ts";
import { assertCodeUsable } from "../promotions/discount-code.ts";
import { discountUsedUp } from "../promotions/discount-code.errors.ts";
import type { Payer, PaymentGateways } from "../payments/payment-gateway.port.ts";
import { normalizeParty } from "../risk/order-party.ts";
import type { Clock } from "../shared/clock.port.ts";
import { isDomainError } from "../shared/domain-error.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { amountDue, assertStillAvailable, isHolding, paymentRequired, type PreparedCheckout, orderFromCheckout } from "./checkout.ts";
import { itemCount, type Order } from "../orders/order.ts";
import { orderConfirmationMail } from "../orders/order-mail.ts";
import { checkoutReplaced, noPreparedCheckout, paymentAmountMismatch, paymentDeclined, paymentNeeded, paymentNotFound, refunded } from "./checkout.errors.ts";
import { compensateCapture } from "./capture-compensation.ts";
import type { CheckoutRepositories } from "./checkout-repositories.port.ts";
import { orderPaid } from "../risk/order-paid.ts";
import { refuseFrozenCredit } from "../risk/chargeback-memory.ts";
import type { DeliveryPolicy } from "../fulfilment/delivery.ts";

export type CaptureOutcome = { kind: "placed"; order: Order } | { kind: "already_captured"; order: Order };

/** How long a payment held for review waits before reconciliation asks about it, unless the provider says. */
export const DEFAULT_RECHECK_MS = 5 * 60 * 1000;

type Deps = {
  unitOfWork: UnitOfWork<CheckoutRepositories>;
  /** The configured providers: a payment is captured by the gateway of the provider that opened it. */
  gateways: PaymentGateways;
  clock: Clock;
  ids: IdGenerator;
  recheckMs?: number;
  /** The delivery promise started when the payment is complete (DELIVERY_SLA_MINUTES); 20 minutes when absent. */
  delivery?: DeliveryPolicy;
};

/**
 * Takes the money of the shopper's payment and places the order (see placeOrder). A payment that
 * already became an order answers "already_captured" with that order and changes nothing, however
 * many times or however concurrently it is repeated: the capture's request id makes the provider
 * answer the same capture, and the unique payment id lets only one order in. When the hold expired,
 * availability and the code are re-checked before any money is taken. When the order cannot be
 * placed after the capture (the last unit or the code's last use went to someone else), the payment
 * is refunded and the shopper gets a 409 saying so.
 */
export async function capturePayment(
  input: {
    userId: string;
    visitorId: string;
    paymentId: string;
    clientIp?: string | null;
    /** A parent's capture: the payment must be this checkout's, and the receipt goes to `receiptTo`. */
    parent?: { checkoutId: string; receiptTo: string };
  },
  deps: Deps,
): Promise<CaptureOutcome> {
  const { checkout, existing } = await deps.unitOfWork.run(async ({ checkouts, orders }) => ({
    checkout: await checkouts.byPaymentId(input.paymentId),
    existing: await orders.byPaymentId(input.paymentId),
  }));
  if (!checkout || checkout.userId !== input.userId) throw paymentNotFound();
  if (input.parent && checkout.id !== input.parent.checkoutId) throw paymentNotFound();
  if (existing) return { kind: "already_captured", order: existing };
  if (checkout.status === "replaced") throw checkoutReplaced();

  if (!isHolding(checkout, deps.clock.now())) await recheckExpired(checkout, deps);

  // Racing captures of one payment share the request id, so the provider captures once; after a
  // decline the buyer restarted, the attempt count gives the next capture a new one.
  const attempt = checkout.paymentAttempt > 0 ? `-${checkout.paymentAttempt}` : "";
  // The provider that opened the payment captures it (a checkout from before providers were recorded: the default).
  const gateway = deps.gateways.of(checkout.paymentProvider ?? deps.gateways.providers[0]!);
  const capture = await gateway.captureOrder({ orderId: input.paymentId, requestId: `capture-${input.paymentId}${attempt}` });
  if (capture.status === "declined") {
    // Declined for good: the checkout forgets this payment so that paying again opens a new one.
    // Restartable (PayPal INSTRUMENT_DECLINED): the buyer picks another card for the same payment.
    await deps.unitOfWork.run(({ checkouts }) =>
      capture.restartable ? checkouts.countCaptureAttempt(checkout.id, input.paymentId) : checkouts.detachPayment(checkout.id, input.paymentId),
    );
    throw paymentDeclined(capture.reason, capture.restartable);
  }
  // A payment that cannot become an order goes back (compensateCapture: refunded now, or queued).
  if (capture.amount !== amountDue(checkout) || capture.currency !== "USD") {
    const why = { reason: "the payment amount did not match the order", forShopper: "The amount paid did not match your order, so we did not place it." };
    throw refunded(paymentAmountMismatch(), await compensateCapture(capture, checkout, why, { ...deps, gateway }));
  }
  try {
    const awaiting =
      capture.status === "pending"
        ? { recheckAt: capture.recheckAt ?? new Date(deps.clock.now().getTime() + (deps.recheckMs ?? DEFAULT_RECHECK_MS)), reason: capture.reason }
        : null;
    const party = { payer: capture.payer ?? null, clientIp: input.clientIp ?? null };
    const receiptTo = input.parent?.receiptTo ?? null;
    return await placeOrder(
      checkout,
      { paymentId: input.paymentId, captureId: capture.captureId, visitorId: input.visitorId, awaiting, party, receiptTo },
      { ...deps, gateway },
    );
  } catch (error) {
    if (isDomainError(error) && error.kind === "conflict") {
      const why = { reason: error.message, forShopper: `We could not place your order: ${error.message}` };
      throw refunded(error, await compensateCapture(capture, checkout, why, { ...deps, gateway }));
    }
    throw error;
  }
}

/**
 * Places the order of a checkout that store credit pays in full: no payment step. The same
 * placement as after a capture (the credit is spent in the order's transaction, conditionally, so
 * a balance spent meanwhile is a 409 and no order). Its payment id is "store-credit-<checkout id>",
 * so a doubled request places one order and the other answers "already_captured".
 */
export async function placeOrderWithStoreCredit(
  input: { userId: string; visitorId: string; clientIp?: string | null },
  deps: Omit<Deps, "gateways">,
): Promise<CaptureOutcome> {
  const checkout = await deps.unitOfWork.run(({ checkouts }) => checkouts.currentOf(input.userId));
  if (!checkout) throw noPreparedCheckout();
  if (paymentRequired(checkout)) throw paymentNeeded();
  if (!isHolding(checkout, deps.clock.now())) await recheckExpired(checkout, deps);
  return placeOrder(
    checkout,
    { paymentId: `store-credit-${checkout.id}`, captureId: null, visitorId: input.visitorId, party: { payer: null, clientIp: input.clientIp ?? null } },
    { ...deps, gateway: { provider: "store_credit" } },
  );
}

async function recheckExpired(checkout: PreparedCheckout, deps: Omit<Deps, "gateways">): Promise<void> {
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
 * counted against its limit, the store credit applied spent (conditionally), the ordered products removed from the cart, the hold released,
 * OrderPlaced appended, the receipt put in the mail outbox, and the delivery clock started once the order is paid (orderPaid). The order row is written first, so a second placement of the same payment
 * stops before touching anything. Out of stock or a used-up code throws a 409 and nothing is kept.
 * A code deleted after the checkout was prepared still gives the agreed price.
 */
export async function placeOrder(
  checkout: PreparedCheckout,
  payment: {
    paymentId: string;
    captureId: string | null;
    visitorId: string;
    awaiting?: { recheckAt: Date; reason: string } | null;
    /** Who paid (the provider's payer) and from which address: stored for the risk checks. */
    party?: { payer: Payer | null; clientIp: string | null };
    /** Where the receipt goes when not to the order's address: the parent who paid. */
    receiptTo?: string | null;
  },
  deps: Omit<Deps, "gateways"> & { gateway: { provider: string } },
): Promise<CaptureOutcome> {
  const now = deps.clock.now();
  const awaiting = payment.awaiting ?? null;
  const order = orderFromCheckout(
    checkout,
    { provider: deps.gateway.provider, paymentId: payment.paymentId, captureId: payment.captureId, status: awaiting ? "awaiting" : "paid" },
    { orderId: deps.ids.newId(), itemIds: checkout.items.map(() => deps.ids.newId()) },
    now,
  );
  return deps.unitOfWork.run(async (repos) => {
    const { orders, stock, discountUsage, cart, checkouts, events, rewards, payments, timeline, mail, risk } = repos;
    if (!(await orders.addIfNewPayment(order, now))) {
      const placed = await orders.byPaymentId(payment.paymentId);
      if (!placed) throw new Error(`payment ${payment.paymentId} is recorded but its order is missing`);
      return { kind: "already_captured", order: placed };
    }
    const payer = payment.party?.payer ?? null;
    await risk.recordParty(
      order.id,
      normalizeParty({
        userId: order.userId,
        payerId: payer?.id ?? null,
        payerEmail: payer?.email ?? null,
        payerCountry: payer?.country ?? null,
        providerRisk: payer?.riskLevel ?? null,
        clientIp: payment.party?.clientIp ?? null,
        at: now,
      }),
    );
    // Locked first, in one fixed order, so racing placements and prepares queue instead of deadlocking.
    await stock.lock(order.items.map((item) => item.productId));
    // Frozen since the prepare (a chargeback meanwhile): the credit is not spent, the payment goes back.
    await refuseFrozenCredit(repos, order.userId, order.creditApplied > 0);
    await rewards.spendStoreCredit({ userId: order.userId, orderId: order.id, creditApplied: order.creditApplied });
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
    await timeline.record({ orderId: order.id, at: now, kind: "placed", text: "Order placed", actorId: order.userId });
    const receipt = orderConfirmationMail(order);
    await mail.add(payment.receiptTo ? { ...receipt, to: payment.receiptTo } : receipt, order.userId);
    if (awaiting && payment.captureId) {
      // No delivery clock yet: it starts when the payment completes (settle-payment.ts, through PaymentOutcomes.orderPaid).
      await payments.addHistory({
        orderId: order.id,
        kind: "awaiting",
        amount: amountDue(checkout),
        note: `Payment held for review by the provider: ${awaiting.reason}`,
        at: now,
      });
      await payments.scheduleCheck(order.id, payment.captureId, awaiting.recheckAt);
      return { kind: "placed", order };
    }
    const paid = await orderPaid(repos, order, {
      note: payment.captureId ? "Payment captured" : "Paid with store credit",
      at: deps.clock.now(),
      delivery: deps.delivery,
    });
    return { kind: "placed", order: paid };
  });
}
