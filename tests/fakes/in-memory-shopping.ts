import { AROUND_THE_CLOCK, type StaffedHours } from "#domain/fulfilment/staffed-hours.ts";
import type { CancelRequest } from "#domain/fulfilment/cancel-requests.port.ts";
import type { OwedRefund } from "#domain/fulfilment/cancel-refunds.port.ts";
import type { NewEvent } from "#domain/analytics/events.ts";
import type { Requirement } from "#domain/catalogue/requirements.ts";
import type { Mail, MailToUser } from "#domain/mail/mail.ts";
import type { CartLine } from "#domain/cart/cart.ts";
import type { CartRepositories } from "#domain/cart/cart-repositories.port.ts";
import type { PreparedCheckout } from "#domain/checkout/checkout.ts";
import type { ParentLink } from "#domain/checkout/parent-link.ts";
import type { Order } from "#domain/orders/order.ts";
import { createInMemoryRisk, type InMemoryRiskState } from "./in-memory-risk.ts";
import { createInMemoryChargebacks, type InMemoryChargebacksState } from "./in-memory-chargebacks.ts";
import type { CheckoutRepositories } from "#domain/checkout/checkout-repositories.port.ts";
import { defaultDeliveryPolicy, DELIVERY_OWED_STATUSES } from "#domain/fulfilment/delivery.ts";
import { paymentOutcomes } from "#domain/risk/payment-outcomes.ts";
import type { TimelineEntry } from "#domain/orders/order-timeline.port.ts";
import type { DeliveryProof } from "#domain/fulfilment/delivery-proof.port.ts";
import type { AuditEntry } from "#domain/audit/audit-entry.ts";
import type { Audited } from "#domain/audit/audit-log.port.ts";
import type { DiscountCode } from "#domain/promotions/discount-code.ts";
import type { DiscountCodeRepository } from "#domain/promotions/discount-code-repository.port.ts";
import { notEnoughStoreCredit } from "#domain/rewards/rewards.errors.ts";
import type { Cents } from "#domain/shared/money.ts";
import type { Shopper } from "#domain/shared/shopper.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";
import type { WishlistItem } from "#domain/wishlist/wishlist.ts";
import type { WishlistRepository } from "#domain/wishlist/wishlist-repository.port.ts";
import { inMemoryUnitOfWork } from "./in-memory-unit-of-work.ts";
import { createInMemoryOrderHolders, type InMemoryHoldersState } from "./in-memory-order-holders.ts";
import { createInMemoryOrderPayments, type InMemoryPayments } from "./in-memory-order-payments.ts";

export interface FakeProduct {
  id: string;
  name: string;
  gameId: string;
  price: Cents;
  stock: number;
  requirements?: Requirement[];
  /** Its own delivery promise in minutes; absent: the shop's. */
  deliveryMinutes?: number | null;
}

export interface ShoppingState {
  products: FakeProduct[];
  cart: (CartLine & { owner: string; createdAt: number })[];
  wishlist: (WishlistItem & { owner: string; createdAt: number })[];
  codes: DiscountCode[];
  checkouts: PreparedCheckout[];
  /** Parents' payment links (issue 52), each with the token it was given under. */
  parentLinks: (ParentLink & { token: string })[];
  holds: { checkoutId: string; userId: string; productId: string; quantity: number; expiresAt: Date }[];
  orders: Order[];
  /** Each order's private-server link, by order id (none: no entry). */
  privateServerLinks: Record<string, string | null>;
  events: NewEvent[];
  timeline: TimelineEntry[];
  proofs: DeliveryProof[];
  audit: AuditEntry[];
  /** Late-delivery compensations credited (the ledger's unique reason + reference: one per order). */
  compensations: { userId: string; orderId: string; points: number }[];
  /** Store credit balances in cents, by user id. */
  storeCredit: Record<string, number>;
  /** The calls ordering made to the rewards module, in order. */
  rewards: ({ kind: "completed" | "cancelled" | "credit_spent" | "refunded" | "credit_given"; userId: string; orderId?: string } & Record<string, unknown>)[];
  /** The payment side of orders (refunds, history, events processed, reconciliation queue). */
  payments?: InMemoryPayments;
  /** The emails put in the outbox, in order (kept only when their unit of work completes). */
  mail: (Mail | MailToUser)[];
  /** Risk facts, settings, orders' risk and the blocklist (issue 37). */
  risk?: InMemoryRiskState;
  /** Disputes and reversals remembered, accounts frozen by them (issue 37). */
  chargebacks?: InMemoryChargebacksState;
  /** Shoppers' requests to cancel started orders. */
  cancelRequests: CancelRequest[];
  cancelRefunds: (OwedRefund & { dueAt: Date })[];
  /** The owner's staffed hours; absent: around the clock. */
  staffedHours?: StaffedHours;
  /** The holder accounts' stock, reservations and delivery phrases. */
  holders: InMemoryHoldersState;
}

const ownerKey = (shopper: Shopper) => (shopper.kind === "user" ? `user:${shopper.userId}` : `visitor:${shopper.visitorId}`);

/**
 * The shopping modules in memory, with the database rules the domain relies on: one cart line and
 * one wishlist item per product and owner, unique codes, one order per payment id, stock and usage
 * that conditional updates never take below zero or past the limit, and all-or-nothing units of work
 * (a work that throws leaves the state as it was). Units of work run one at a time, like SQLite's.
 */
export function createInMemoryShopping() {
  const state: ShoppingState = {
    products: [],
    cart: [],
    wishlist: [],
    codes: [],
    checkouts: [],
    parentLinks: [],
    holds: [],
    orders: [],
    privateServerLinks: {},
    events: [],
    timeline: [],
    proofs: [],
    audit: [],
    compensations: [],
    rewards: [],
    storeCredit: {},
    mail: [],
    cancelRequests: [],
    cancelRefunds: [],
    holders: { holdings: [], reservations: [], phrases: new Map() },
  };
  const riskFake = createInMemoryRisk(state);
  const chargebacks = createInMemoryChargebacks(state);
  let sequence = 0;

  const discountCodes: DiscountCodeRepository = {
    byId: async (id) => clone(state.codes.find((c) => c.id === id) ?? null),
    byCode: async (code) => clone(state.codes.find((c) => c.code === code) ?? null),
    add: async (code) => {
      if (state.codes.some((c) => c.code === code.code)) throw new Error(`duplicate code ${code.code}`);
      state.codes.push(clone(code));
    },
    update: async (code) => {
      const index = state.codes.findIndex((c) => c.id === code.id);
      if (index >= 0) state.codes[index] = { ...clone(code), usageCount: state.codes[index]!.usageCount };
    },
    remove: async (id) => {
      const before = state.codes.length;
      state.codes = state.codes.filter((c) => c.id !== id);
      return state.codes.length < before;
    },
  };

  const cart = shopperRows(() => state.cart);
  const wishlist = shopperRows(() => state.wishlist);
  const repositories: Omit<CheckoutRepositories, "outcomes"> & Audited & { wishlist: WishlistRepository } = {
    cart: {
      lineOfProduct: async (shopper, productId) => line(cart.ofProduct(shopper, productId)),
      line: async (shopper, lineId) => line(cart.byId(shopper, lineId)),
      lines: async (shopper) => cart.all(shopper).map((l) => line(l)!),
      add: async (shopper, added) => {
        if (state.cart.some((l) => l.owner === ownerKey(shopper) && l.productId === added.productId)) throw new Error("duplicate cart line");
        state.cart.push({ ...added, owner: ownerKey(shopper), createdAt: ++sequence });
      },
      setQuantity: async (lineId, quantity) => {
        if (quantity < 1) throw new Error("quantity check failed");
        for (const l of state.cart) if (l.id === lineId) l.quantity = quantity;
      },
      remove: async (ids) => void (state.cart = state.cart.filter((l) => !ids.includes(l.id))),
      clear: async (shopper) => void (state.cart = state.cart.filter((l) => l.owner !== ownerKey(shopper))),
      moveToUser: async (lineId, userId, quantity) => {
        for (const l of state.cart) if (l.id === lineId) Object.assign(l, { owner: `user:${userId}`, quantity });
      },
    },
    products: {
      product: async (productId, forUserId, now) => {
        const product = state.products.find((p) => p.id === productId);
        if (!product) return null;
        const held = state.holds
          .filter((h) => h.productId === productId && h.expiresAt > now && h.userId !== forUserId)
          .reduce((sum, h) => sum + h.quantity, 0);
        return { ...product, available: Math.max(0, product.stock - held), requirements: product.requirements ?? [] };
      },
    },
    discountCodes,
    discountUsage: {
      countUseIfAvailable: async (id) => {
        const code = state.codes.find((c) => c.id === id);
        if (!code) return "gone";
        if (code.usageLimit !== null && code.usageCount >= code.usageLimit) return "limit_reached";
        code.usageCount += 1;
        return "counted";
      },
      releaseUse: async (id) => {
        const code = state.codes.find((c) => c.id === id);
        if (code && code.usageCount > 0) code.usageCount -= 1;
      },
    },
    checkouts: {
      replacePrepared: async (userId) => {
        for (const c of state.checkouts) if (c.userId === userId && c.status === "prepared") c.status = "replaced";
        state.holds = state.holds.filter((h) => h.userId !== userId);
      },
      add: async (checkout) => {
        state.checkouts.push(clone(checkout));
        for (const item of checkout.items) {
          state.holds.push({
            checkoutId: checkout.id,
            userId: checkout.userId,
            productId: item.productId,
            quantity: item.quantity,
            expiresAt: checkout.expiresAt,
          });
        }
      },
      latestHold: async (userId) => {
        const latest = state.checkouts.filter((c) => c.userId === userId).at(-1);
        if (!latest || latest.status === "completed") return null;
        return { holdStartedAt: new Date(latest.holdStartedAt), holdRenewals: latest.holdRenewals, expiresAt: new Date(latest.expiresAt) };
      },
      currentOf: async (userId) => clone(state.checkouts.filter((c) => c.userId === userId && c.status === "prepared").at(-1) ?? null),
      byPaymentId: async (paymentId) => clone(state.checkouts.find((c) => c.paymentId === paymentId) ?? null),
      attachPayment: async (checkoutId, paymentId, provider) => {
        const checkout = state.checkouts.find((c) => c.id === checkoutId);
        if (!checkout || checkout.paymentId !== null) return false;
        if (state.checkouts.some((c) => c.paymentId === paymentId)) throw new Error("duplicate payment id");
        Object.assign(checkout, { paymentId, paymentProvider: provider });
        return true;
      },
      detachPayment: async (checkoutId, paymentId) => {
        const checkout = state.checkouts.find((c) => c.id === checkoutId && c.paymentId === paymentId);
        if (checkout) Object.assign(checkout, { paymentId: null, paymentProvider: null, paymentAttempt: (checkout.paymentAttempt ?? 0) + 1 });
      },
      countCaptureAttempt: async (checkoutId, paymentId) => {
        const checkout = state.checkouts.find((c) => c.id === checkoutId && c.paymentId === paymentId);
        if (checkout) checkout.paymentAttempt = (checkout.paymentAttempt ?? 0) + 1;
      },
      byId: async (checkoutId) => clone(state.checkouts.find((c) => c.id === checkoutId) ?? null),
      extendHold: async (checkoutId, until) => {
        const checkout = state.checkouts.find((c) => c.id === checkoutId && c.status === "prepared" && c.expiresAt < until);
        if (!checkout) return;
        checkout.expiresAt = new Date(until);
        for (const hold of state.holds) if (hold.checkoutId === checkoutId) hold.expiresAt = new Date(until);
      },
      complete: async (checkoutId) => {
        for (const c of state.checkouts) if (c.id === checkoutId) c.status = "completed";
        state.holds = state.holds.filter((h) => h.checkoutId !== checkoutId);
      },
    },
    parentLinks: {
      // The token stands for its hash: the fake keeps it as the key, which no reader of the state sees.
      add: async (link) => {
        for (const other of state.parentLinks)
          if (other.checkoutId === link.checkoutId && other.expiresAt > link.createdAt) other.expiresAt = new Date(link.createdAt);
        sequence += 1;
        const token = `token-${sequence}`;
        state.parentLinks.push({ ...clone(link), id: `link-${sequence}`, declinedAt: null, token });
        return token;
      },
      byToken: async (token) => {
        const found = state.parentLinks.find((l) => l.token === token);
        if (!found) return null;
        const { token: _token, ...link } = clone(found);
        return link;
      },
      decline: async (linkId, at) => {
        const link = state.parentLinks.find((l) => l.id === linkId && l.declinedAt === null);
        if (!link) return false;
        link.declinedAt = new Date(at);
        return true;
      },
    },
    orders: {
      addIfNewPayment: async (order) => {
        if (state.orders.some((o) => o.paymentId === order.paymentId)) return false;
        state.orders.push(clone(order));
        return true;
      },
      byPaymentId: async (paymentId) => clone(state.orders.find((o) => o.paymentId === paymentId) ?? null),
      byId: async (id) => clone(state.orders.find((o) => o.id === id) ?? null),
      byCaptureId: async (captureId) => clone(state.orders.find((o) => o.captureId === captureId) ?? null),
      changeStatus: async (id, from, to, stockReturned, _at, delivery) => {
        const order = state.orders.find((o) => o.id === id && o.status === from);
        if (!order) return false;
        const { startedAt, startedBy, deliveredAt, lateAt } = delivery;
        Object.assign(order, { status: to, stockReturned, delivery: { ...order.delivery, startedAt, startedBy, deliveredAt, lateAt } });
        return true;
      },
      startClock: async (id, { paidAt, dueAt, promiseMinutes }) => {
        const order = state.orders.find((o) => o.id === id && o.delivery.paidAt === null);
        if (!order) return false;
        order.delivery = { ...order.delivery, paidAt, dueAt, promiseMinutes };
        return true;
      },
      releaseClock: async (id, dueAt) => {
        const order = state.orders.find((o) => o.id === id && o.delivery.paidAt !== null && o.delivery.dueAt === null);
        if (!order) return false;
        order.delivery = { ...order.delivery, dueAt };
        return true;
      },
      changeReadiness: async (id, { from, to, dueAt }) => {
        const order = state.orders.find((o) => o.id === id && o.delivery.readiness === from);
        if (!order) return false;
        order.delivery = { ...order.delivery, readiness: to, dueAt };
        return true;
      },
      markLate: async (id, lateAt) => {
        const order = state.orders.find((o) => o.id === id && o.delivery.lateAt === null);
        if (!order) return false;
        order.delivery = { ...order.delivery, lateAt };
        return true;
      },
      markCompensated: async (id, at, points) => {
        const order = state.orders.find((o) => o.id === id && o.delivery.compensatedAt === null);
        if (!order) return false;
        order.delivery = { ...order.delivery, compensatedAt: at, compensationPoints: points };
        return true;
      },
      claimAtRisk: async (now, withinMs, except) => {
        const candidates = state.orders.filter(
          (o) =>
            !except.includes(o.id) &&
            o.status === "pending" &&
            o.delivery.paidAt !== null &&
            o.delivery.startedAt === null &&
            o.delivery.atRiskAt === null &&
            o.delivery.dueAt !== null &&
            o.delivery.dueAt.getTime() >= now.getTime() &&
            o.delivery.dueAt.getTime() <= now.getTime() + withinMs,
        );
        candidates.sort((a, b) => a.delivery.dueAt!.getTime() - b.delivery.dueAt!.getTime() || a.id.localeCompare(b.id));
        return clone(candidates[0] ?? null);
      },
      markAtRisk: async (id, at) => {
        const order = state.orders.find((o) => o.id === id && o.delivery.atRiskAt === null);
        if (!order) return false;
        order.delivery = { ...order.delivery, atRiskAt: at };
        return true;
      },
      claimOverdue: async (now, { compensating, except }) => {
        const candidates = state.orders.filter(
          (o) =>
            !except.includes(o.id) &&
            o.delivery.paidAt !== null &&
            o.delivery.dueAt !== null &&
            o.delivery.dueAt.getTime() <= now.getTime() &&
            o.status !== "cancelled" &&
            (o.delivery.lateAt === null || (compensating && o.delivery.compensatedAt === null)) &&
            (o.delivery.deliveredAt === null || o.delivery.deliveredAt.getTime() > o.delivery.dueAt.getTime()),
        );
        candidates.sort((a, b) => a.delivery.dueAt!.getTime() - b.delivery.dueAt!.getTime() || a.id.localeCompare(b.id));
        return clone(candidates[0] ?? null);
      },
    },
    stock: {
      lock: async () => undefined,
      takeIfAvailable: async (productId, quantity) => {
        const product = state.products.find((p) => p.id === productId);
        if (!product || product.stock < quantity) return false;
        product.stock -= quantity;
        return true;
      },
      giveBack: async (productId, quantity) => {
        const product = state.products.find((p) => p.id === productId);
        if (product) product.stock += quantity;
      },
    },
    holders: createInMemoryOrderHolders(
      () => state.holders,
      () => state.products,
    ),
    events: { append: async (event) => void state.events.push(event) },
    timeline: { record: async (entry) => void state.timeline.push(clone(entry)) },
    proofs: {
      add: async (proof) => void state.proofs.push(clone(proof)),
      countOf: async (orderId) => state.proofs.filter((p) => p.orderId === orderId).length,
    },
    privateServers: {
      set: async (orderId, url) => {
        const order = state.orders.find((o) => o.id === orderId);
        if (!order) return "not_found";
        if (!(DELIVERY_OWED_STATUSES as readonly string[]).includes(order.status)) return "closed";
        state.privateServerLinks[orderId] = url;
        return "set";
      },
      linkOf: async (orderId) => (state.orders.some((o) => o.id === orderId) ? (state.privateServerLinks[orderId] ?? null) : undefined),
    },
    audit: { record: async (entry) => void state.audit.push(clone(entry)) },
    mail: { add: async (mail) => void state.mail.push(structuredClone(mail)) },
    rewards: {
      lateDeliveryCompensation: async (c) => {
        if (state.compensations.some((x) => x.orderId === c.orderId)) return false;
        state.compensations.push(c);
        return true;
      },
      storeCreditBalance: async (userId) => state.storeCredit[userId] ?? 0,
      orderCompleted: async (order) => void state.rewards.push({ kind: "completed", ...order }),
      orderCancelled: async (order) => void state.rewards.push({ kind: "cancelled", ...order }),
      spendStoreCredit: async (order) => {
        if (order.creditApplied <= 0) return;
        const balance = state.storeCredit[order.userId] ?? 0;
        if (balance < order.creditApplied) throw notEnoughStoreCredit();
        state.storeCredit[order.userId] = balance - order.creditApplied;
        state.rewards.push({ kind: "credit_spent", ...order });
      },
      orderRefunded: async (order) => void state.rewards.push({ kind: "refunded", ...order }),
      giveStoreCredit: async (input) => {
        state.storeCredit[input.userId] = (state.storeCredit[input.userId] ?? 0) + input.amount;
        state.rewards.push({ kind: "credit_given", ...input });
      },
    },
    payments: createInMemoryOrderPayments(state),
    risk: riskFake.risk,
    holds: riskFake.risk,
    cancelRequests: {
      open: async (request) => {
        const found = state.cancelRequests.find((r) => r.orderId === request.orderId);
        if (found) return clone(found);
        state.cancelRequests.push({ ...request, status: "open" });
        return clone(state.cancelRequests.at(-1)!);
      },
      of: async (orderId) => clone(state.cancelRequests.find((r) => r.orderId === orderId) ?? null),
      decide: async (orderId, { status }) => {
        const found = state.cancelRequests.find((r) => r.orderId === orderId && r.status === "open");
        if (!found) return false;
        found.status = status;
        return true;
      },
      claimOverdue: async (before, except) =>
        clone(state.cancelRequests.find((r) => r.status === "open" && r.requestedAt <= before && !except.includes(r.orderId)) ?? null),
    },
    cancelRefunds: {
      owe: async ({ orderId, destination, dueAt }) => {
        if (!state.cancelRefunds.some((r) => r.orderId === orderId)) state.cancelRefunds.push({ orderId, destination, dueAt, attempts: 0 });
      },
      claimDue: async (now, holdUntil) => {
        const due = state.cancelRefunds.filter((r) => r.dueAt <= now).sort((a, b) => +a.dueAt - +b.dueAt || a.orderId.localeCompare(b.orderId))[0];
        if (!due) return null;
        due.dueAt = holdUntil;
        due.attempts += 1;
        return { orderId: due.orderId, destination: due.destination, attempts: due.attempts };
      },
      paid: async (orderId) => void (state.cancelRefunds = state.cancelRefunds.filter((r) => r.orderId !== orderId)),
      postpone: async (orderId, dueAt) => {
        const owed = state.cancelRefunds.find((r) => r.orderId === orderId);
        if (owed) owed.dueAt = dueAt;
      },
    },
    terms: {
      productMinutes: async (orderId) =>
        (state.orders.find((o) => o.id === orderId)?.items ?? []).map((i) => state.products.find((p) => p.id === i.productId)?.deliveryMinutes ?? null),
      staffedHours: async () => clone(state.staffedHours ?? AROUND_THE_CLOCK),
      saveStaffedHours: async (hours) => void (state.staffedHours = clone(hours)),
    },
    blocklist: riskFake.blocklist,
    chargebacks,
    wishlist: {
      itemOfProduct: async (shopper, productId) => item(wishlist.ofProduct(shopper, productId)),
      item: async (shopper, itemId) => item(wishlist.byId(shopper, itemId)),
      items: async (shopper) => wishlist.all(shopper).map((w) => item(w)!),
      add: async (shopper, added) => {
        if (state.wishlist.some((w) => w.owner === ownerKey(shopper) && w.productId === added.productId)) throw new Error("duplicate wishlist item");
        state.wishlist.push({ ...added, owner: ownerKey(shopper), createdAt: ++sequence });
      },
      remove: async (ids) => void (state.wishlist = state.wishlist.filter((w) => !ids.includes(w.id))),
      moveToUser: async (itemId, userId) => {
        for (const w of state.wishlist) if (w.id === itemId) w.owner = `user:${userId}`;
      },
      productExists: async (productId) => state.products.some((p) => p.id === productId),
    },
  };

  // The risk module's side of a settled payment, bound as orderTransaction binds it in the app
  // (with the default delivery promise: the tests' 20 minutes).
  const bound = { ...repositories, outcomes: paymentOutcomes(repositories, defaultDeliveryPolicy) };
  // Every module's units of work share one queue and one state, like one database.
  const shared = inMemoryUnitOfWork(state, bound);
  function unitOfWork<R>(): UnitOfWork<R> {
    return shared as unknown as UnitOfWork<R>;
  }

  return {
    state,
    repositories: bound,
    ordering: unitOfWork<CheckoutRepositories & Audited>(),
    cart: unitOfWork<CartRepositories>(),
    wishlist: unitOfWork<{ wishlist: WishlistRepository }>(),
    promotions: unitOfWork<{ discountCodes: DiscountCodeRepository }>(),
  };
}

function clone<T>(value: T): T {
  return structuredClone(value);
}

/** A shopper's rows of a list kept in `rows()` (the cart, the wishlist), found as the repositories find them: oldest first. */
function shopperRows<T extends { id: string; productId: string; owner: string; createdAt: number }>(rows: () => T[]) {
  const of = (shopper: Shopper) => rows().filter((r) => r.owner === ownerKey(shopper));
  return {
    ofProduct: (shopper: Shopper, productId: string) => of(shopper).find((r) => r.productId === productId),
    byId: (shopper: Shopper, id: string) => of(shopper).find((r) => r.id === id),
    all: (shopper: Shopper) => of(shopper).sort((a, b) => a.createdAt - b.createdAt),
  };
}

function line(found: (CartLine & { owner: string }) | undefined): CartLine | null {
  return found ? { id: found.id, productId: found.productId, quantity: found.quantity } : null;
}

function item(found: (WishlistItem & { owner: string }) | undefined): WishlistItem | null {
  return found ? { id: found.id, productId: found.productId } : null;
}

/** A clock the test moves by hand. */
export function manualClock(start = "2026-11-21T10:00:00.000Z") {
  let now = new Date(start);
  return {
    now: () => new Date(now),
    advance: (ms: number) => void (now = new Date(now.getTime() + ms)),
    set: (iso: string) => void (now = new Date(iso)),
  };
}
