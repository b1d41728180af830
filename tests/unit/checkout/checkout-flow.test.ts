import { describe, expect, it } from "vitest";
import { addToCart } from "#domain/cart/add-to-cart.ts";
import { changeCartQuantity } from "#domain/cart/change-cart-quantity.ts";
import { guestCartMerger } from "#domain/cart/merge-guest-cart.ts";
import { removeFromCart } from "#domain/cart/remove-from-cart.ts";
import { capturePayment, placeOrderWithStoreCredit } from "#domain/checkout/capture-payment.ts";
import { changeOrderStatus } from "#domain/fulfilment/change-order-status.ts";
import { HOLD_MS } from "#domain/checkout/checkout.ts";
import { prepareCheckout } from "#domain/checkout/prepare-checkout.ts";
import { startPayment } from "#domain/checkout/start-payment.ts";
import { validateDiscount } from "#domain/checkout/validate-discount.ts";
import { createDiscountCode, updateDiscountCode } from "#domain/promotions/manage-discount-codes.ts";
import { addToWishlist, guestWishlistMerger, removeFromWishlist } from "#domain/wishlist/wishlist-use-cases.ts";
import { createFakePaymentGateway } from "../../fakes/fake-payment-gateway.ts";
import { sequentialIds } from "../../fakes/in-memory-catalogue.ts";
import { createInMemoryShopping, manualClock } from "../../fakes/in-memory-shopping.ts";
import { paymentGateways } from "#domain/payments/payment-gateways.ts";

function world(stock = 5) {
  const shop = createInMemoryShopping();
  const clock = manualClock();
  const ids = sequentialIds("id");
  const payments = createFakePaymentGateway();
  shop.state.products.push(
    { id: "p1", name: "Dragon Fruit", gameId: "g1", price: 2500, stock },
    { id: "p2", name: "Gamepass", gameId: "g2", price: 1000, stock: 100 },
  );
  const deps = { unitOfWork: shop.ordering, clock, ids, gateways: paymentGateways([payments.gateway]), provider: "sandbox" };
  const user = (userId: string) => ({ kind: "user", userId }) as const;

  async function add(userId: string, productId: string, quantity: number) {
    return (await addToCart({ shopper: user(userId), visitorId: `v-${userId}`, productId, quantity }, { unitOfWork: shop.cart, clock, ids })).line;
  }
  async function prepare(userId: string, over: { total?: number; discountCodeId?: string | null; useStoreCredit?: boolean } = {}) {
    const lines = shop.state.cart.filter((l) => l.owner === `user:${userId}`);
    const subtotal = lines.reduce((sum, l) => sum + shop.state.products.find((p) => p.id === l.productId)!.price * l.quantity, 0);
    return prepareCheckout(
      {
        userId,
        claim: {
          email: `${userId}@shop.test`,
          robloxUsername: "Builder_1",
          total: over.total ?? subtotal,
          discountCodeId: over.discountCodeId ?? null,
          discountAmount: null,
          useStoreCredit: over.useStoreCredit ?? false,
          cartItems: lines.map((l) => ({ id: l.id, quantity: l.quantity })),
        },
      },
      deps,
    );
  }
  async function pay(userId: string) {
    const { id } = await startPayment({ userId }, deps);
    return { id, capture: () => capturePayment({ userId, visitorId: `v-${userId}`, paymentId: id }, deps) };
  }
  return { shop, clock, ids, payments, deps, add, prepare, pay, user };
}

describe("cart use cases", () => {
  it("adds to one line per product and records CartItemAdded with the added quantity", async () => {
    const w = world();
    const first = await w.add("u1", "p1", 1);
    const second = await w.add("u1", "p1", 2);
    expect(second).toEqual({ id: first.id, productId: "p1", quantity: 3 });
    expect(w.shop.state.events.map((e) => [e.type, e.payload])).toEqual([
      ["CartItemAdded", { productId: "p1", productName: "Dragon Fruit", quantity: 1, price: 2500 }],
      ["CartItemAdded", { productId: "p1", productName: "Dragon Fruit", quantity: 2, price: 2500 }],
    ]);
  });

  it("refuses more than the stock and changes nothing, event included", async () => {
    const w = world(2);
    await w.add("u1", "p1", 2);
    await expect(w.add("u1", "p1", 1)).rejects.toThrow(/Only 2 of Dragon Fruit available/);
    expect(w.shop.state.cart[0]!.quantity).toBe(2);
    expect(w.shop.state.events).toHaveLength(1);
  });

  it("never lets one shopper touch another's line", async () => {
    const w = world();
    const line = await w.add("u1", "p1", 1);
    const deps = { unitOfWork: w.shop.cart, clock: w.clock };
    await expect(changeCartQuantity({ shopper: w.user("u2"), lineId: line.id, quantity: 2 }, deps)).rejects.toThrow("This item is not in your cart");
    await expect(removeFromCart({ shopper: w.user("u2"), lineId: line.id }, deps)).rejects.toThrow(expect.objectContaining({ kind: "not_found" }));
    expect(w.shop.state.cart).toHaveLength(1);
  });

  it("merges a guest's cart into the account at sign-in, idempotently", async () => {
    const w = world(4);
    const guest = { kind: "visitor", visitorId: "v9" } as const;
    await addToCart({ shopper: guest, visitorId: "v9", productId: "p1", quantity: 3 }, { unitOfWork: w.shop.cart, clock: w.clock, ids: w.ids });
    await addToCart({ shopper: guest, visitorId: "v9", productId: "p2", quantity: 1 }, { unitOfWork: w.shop.cart, clock: w.clock, ids: w.ids });
    await w.add("u1", "p1", 2);
    const merger = guestCartMerger({ unitOfWork: w.shop.cart, clock: w.clock });
    await merger.mergeGuestIntoUser("v9", "u1");
    await merger.mergeGuestIntoUser("v9", "u1");
    expect(w.shop.state.cart.map((l) => [l.owner, l.productId, l.quantity])).toEqual([
      ["user:u1", "p2", 1],
      ["user:u1", "p1", 4],
    ]);
  });
});

describe("wishlist use cases", () => {
  it("keeps each product once, merges without duplicates, and removes only the shopper's own", async () => {
    const w = world();
    const deps = { unitOfWork: w.shop.wishlist, clock: w.clock, ids: w.ids };
    const guest = { kind: "visitor", visitorId: "v1" } as const;
    expect((await addToWishlist({ shopper: guest, productId: "p1" }, deps)).created).toBe(true);
    expect((await addToWishlist({ shopper: guest, productId: "p1" }, deps)).created).toBe(false);
    await addToWishlist({ shopper: guest, productId: "p2" }, deps);
    const mine = await addToWishlist({ shopper: w.user("u1"), productId: "p1" }, deps);
    await expect(addToWishlist({ shopper: guest, productId: "nope" }, deps)).rejects.toThrow("Product not found");
    await guestWishlistMerger(deps).mergeGuestIntoUser("v1", "u1");
    expect(w.shop.state.wishlist.map((i) => [i.owner, i.productId])).toEqual([
      ["user:u1", "p2"],
      ["user:u1", "p1"],
    ]);
    await expect(removeFromWishlist({ shopper: w.user("u2"), itemId: mine.item.id }, deps)).rejects.toThrow("This item is not in your wishlist");
    await removeFromWishlist({ shopper: w.user("u1"), itemId: mine.item.id }, deps);
    expect(w.shop.state.wishlist).toHaveLength(1);
  });
});

/** An active code with no dates, limits or game: each test names what it is about. */
function codeInput(
  over: Pick<Parameters<typeof createDiscountCode>[0], "code" | "type" | "amountHundredths"> & Partial<Parameters<typeof createDiscountCode>[0]>,
) {
  return { status: "active" as const, startDate: null, endDate: null, usageLimit: null, minPurchase: null, appliesToGame: null, createdBy: null, ...over };
}

describe("checkout, payment and the order", () => {
  it("places a pending order with copies of the prices, takes stock, counts the code, empties the cart and releases the hold", async () => {
    const w = world();
    const code = await createDiscountCode(
      codeInput({ code: "save5", type: "fixed", amountHundredths: 500, usageLimit: 1, minPurchase: 2000, createdBy: "admin@shop.test" }),
      { unitOfWork: w.shop.promotions, clock: w.clock, ids: w.ids },
    );
    expect(code.code).toBe("SAVE5");
    await w.add("u1", "p1", 2);
    const checkout = await w.prepare("u1", { discountCodeId: code.id, total: 4500 });
    expect(checkout).toMatchObject({ subtotal: 5000, discount: 500, total: 4500 });
    expect(w.shop.state.holds).toEqual([expect.objectContaining({ productId: "p1", quantity: 2, userId: "u1" })]);
    const { capture } = await w.pay("u1");
    const outcome = await capture();
    expect(outcome.kind).toBe("placed");
    expect(outcome.order).toMatchObject({
      status: "pending",
      total: 4500,
      discount: 500,
      discountCode: "SAVE5",
      robloxUsername: "Builder_1",
      email: "u1@shop.test",
    });
    expect(outcome.order.items).toEqual([expect.objectContaining({ productName: "Dragon Fruit", unitPrice: 2500, quantity: 2 })]);
    expect(w.shop.state.products[0]!.stock).toBe(3);
    expect(w.shop.state.codes[0]!.usageCount).toBe(1);
    expect(w.shop.state.cart).toEqual([]);
    expect(w.shop.state.holds).toEqual([]);
    expect(w.shop.state.events.at(-2)).toMatchObject({ type: "OrderPlaced", userId: "u1", payload: { orderId: outcome.order.id, total: 4500, itemCount: 2 } });
    // Paid and not held: it may be delivered now (issue 46: what webhooks announce).
    expect(w.shop.state.events.at(-1)).toMatchObject({ type: "OrderReleased", userId: "u1", payload: { orderId: outcome.order.id } });
  });

  it("charges the prepared total whatever happens to prices after prepare", async () => {
    const w = world();
    await w.add("u1", "p1", 1);
    await w.prepare("u1");
    w.shop.state.products[0]!.price = 1;
    const { id, capture } = await w.pay("u1");
    expect(w.payments.orders.get(id)!.amount).toBe(2500);
    expect((await capture()).order.total).toBe(2500);
  });

  it("a replayed capture answers the same order and changes nothing, also when many race", async () => {
    const w = world();
    await w.add("u1", "p1", 1);
    await w.prepare("u1");
    const { capture } = await w.pay("u1");
    const outcomes = await Promise.all([capture(), capture(), capture(), capture(), capture()]);
    expect(outcomes.filter((o) => o.kind === "placed")).toHaveLength(1);
    expect(new Set(outcomes.map((o) => o.order.id)).size).toBe(1);
    const replay = await capture();
    expect(replay.kind).toBe("already_captured");
    expect(w.shop.state.orders).toHaveLength(1);
    expect(w.shop.state.products[0]!.stock).toBe(4);
    expect(w.payments.refunds).toEqual([]);
  });

  it("holds the last unit for the shopper who is paying; another shopper cannot prepare it", async () => {
    const w = world(1);
    await w.add("u1", "p1", 1);
    await w.add("u2", "p1", 1);
    await w.prepare("u1");
    await expect(w.prepare("u2")).rejects.toThrow("Dragon Fruit is out of stock");
    // A new prepare by the holder replaces their hold rather than adding to it.
    await w.prepare("u1");
    expect(w.shop.state.holds).toHaveLength(1);
    expect(w.shop.state.checkouts.map((c) => c.status)).toEqual(["replaced", "prepared"]);
  });

  it("re-checks an expired hold at capture, before any money is taken", async () => {
    const w = world(1);
    await w.add("u1", "p1", 1);
    await w.add("u2", "p1", 1);
    await w.prepare("u1");
    const late = await w.pay("u1");
    w.clock.advance(HOLD_MS + 1);
    await w.prepare("u2");
    await expect(late.capture()).rejects.toThrow("Dragon Fruit is out of stock");
    expect([...w.payments.orders.values()].every((o) => o.captureId === null)).toBe(true);
    expect(w.shop.state.orders).toEqual([]);
  });

  it("a payment opened for a replaced checkout is refused without taking money", async () => {
    const w = world();
    await w.add("u1", "p1", 1);
    await w.prepare("u1");
    const old = await w.pay("u1");
    await w.prepare("u1");
    await expect(old.capture()).rejects.toThrow(/older checkout/);
    expect(w.payments.orders.get(old.id)!.captureId).toBeNull();
  });

  it("when two expired checkouts race for the last unit, one order is placed and the other payment is refunded", async () => {
    const w = world(1);
    await w.add("u1", "p1", 1);
    await w.add("u2", "p1", 1);
    await w.prepare("u1");
    const a = await w.pay("u1");
    w.clock.advance(HOLD_MS + 1);
    await w.prepare("u2");
    const b = await w.pay("u2");
    w.clock.advance(HOLD_MS + 1);
    w.payments.holdCaptures();
    const racing = Promise.allSettled([a.capture(), b.capture()]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    w.payments.releaseCaptures();
    const results = await racing;
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason.message).toBe("Dragon Fruit is out of stock. Your payment was refunded.");
    expect(w.payments.refunds).toHaveLength(1);
    expect(w.shop.state.orders).toHaveLength(1);
    expect(w.shop.state.products[0]!.stock).toBe(0);
  });

  it("refunds and refuses when the code's last use went to someone else", async () => {
    const w = world();
    const code = await createDiscountCode(codeInput({ code: "ONCE", type: "percentage", amountHundredths: 1000, usageLimit: 1 }), {
      unitOfWork: w.shop.promotions,
      clock: w.clock,
      ids: w.ids,
    });
    await w.add("u1", "p2", 1);
    await w.add("u2", "p2", 1);
    await w.prepare("u1", { discountCodeId: code.id, total: 900 });
    await w.prepare("u2", { discountCodeId: code.id, total: 900 });
    const a = await w.pay("u1");
    const b = await w.pay("u2");
    await a.capture();
    await expect(b.capture()).rejects.toThrow("This discount code has reached its usage limit. Your payment was refunded.");
    expect(w.shop.state.codes[0]!.usageCount).toBe(1);
    expect(w.shop.state.orders).toHaveLength(1);
    expect(w.shop.state.products[1]!.stock).toBe(99);
  });

  it("a declined payment places no order", async () => {
    const w = world();
    await w.add("u1", "p1", 1);
    await w.prepare("u1");
    const { id, capture } = await w.pay("u1");
    w.payments.decline(id);
    await expect(capture()).rejects.toThrow(/The payment was not completed/);
    expect(w.shop.state.orders).toEqual([]);
  });

  it("only the shopper who prepared can pay or capture", async () => {
    const w = world();
    await w.add("u1", "p1", 1);
    await w.prepare("u1");
    const { id } = await w.pay("u1");
    await expect(capturePayment({ userId: "u2", visitorId: "v", paymentId: id }, w.deps)).rejects.toThrow("Payment not found");
    await expect(startPayment({ userId: "u2" }, w.deps)).rejects.toThrow(/not ready for payment/);
  });

  it("validates a code against the shopper's own cart", async () => {
    const w = world();
    await createDiscountCode(codeInput({ code: "SAVE5", type: "fixed", amountHundredths: 500, minPurchase: 2000 }), {
      unitOfWork: w.shop.promotions,
      clock: w.clock,
      ids: w.ids,
    });
    const deps = { unitOfWork: w.shop.ordering, clock: w.clock };
    expect(await validateDiscount({ shopper: w.user("u1"), code: " save5 " }, deps)).toMatchObject({ discount: null });
    await w.add("u1", "p2", 1);
    await expect(validateDiscount({ shopper: w.user("u1"), code: "SAVE5" }, deps)).rejects.toThrow("Minimum purchase of $20.00 required");
    await w.add("u1", "p1", 1);
    expect((await validateDiscount({ shopper: w.user("u1"), code: "SAVE5" }, deps)).discount).toBe(500);
    await expect(validateDiscount({ shopper: w.user("u1"), code: "NOPE" }, deps)).rejects.toThrow("Invalid discount code");
  });
});

describe("store credit at checkout", () => {
  it("pays part of the total: the payment is opened for the rest and the order records the credit it spent", async () => {
    const w = world();
    w.shop.state.storeCredit["u1"] = 1000;
    await w.add("u1", "p1", 1);
    const checkout = await w.prepare("u1", { useStoreCredit: true });
    expect(checkout).toMatchObject({ total: 2500, creditApplied: 1000 });
    const { id } = await startPayment({ userId: "u1" }, w.deps);
    expect(w.payments.orders.get(id)?.amount).toBe(1500);
    const outcome = await capturePayment({ userId: "u1", visitorId: "v", paymentId: id }, w.deps);
    expect(outcome.order).toMatchObject({ total: 2500, creditApplied: 1000 });
    expect(w.shop.state.storeCredit["u1"]).toBe(0);
  });

  it("covers the whole total: no payment can be opened and the order is placed without one", async () => {
    const w = world();
    w.shop.state.storeCredit["u1"] = 9000;
    await w.add("u1", "p1", 2);
    expect(await w.prepare("u1", { useStoreCredit: true })).toMatchObject({ total: 5000, creditApplied: 5000 });
    await expect(startPayment({ userId: "u1" }, w.deps)).rejects.toThrow("no payment is needed");
    const outcome = await placeOrderWithStoreCredit({ userId: "u1", visitorId: "v" }, w.deps);
    expect(outcome).toMatchObject({ kind: "placed", order: { creditApplied: 5000, paymentProvider: "store_credit", captureId: null } });
    expect(w.shop.state.storeCredit["u1"]).toBe(4000);
    expect(w.shop.state.products[0]!.stock).toBe(3);
  });

  it("a balance that no longer covers the credit at placement rolls the order back", async () => {
    const w = world();
    w.shop.state.storeCredit["u1"] = 9000;
    await w.add("u1", "p1", 1);
    await w.prepare("u1", { useStoreCredit: true });
    w.shop.state.storeCredit["u1"] = 100;
    await expect(placeOrderWithStoreCredit({ userId: "u1", visitorId: "v" }, w.deps)).rejects.toThrow("no longer covers");
    expect(w.shop.state.orders).toEqual([]);
    expect(w.shop.state.products[0]!.stock).toBe(5);
  });

  it("a checkout that still needs a payment cannot be placed without one", async () => {
    const w = world();
    await w.add("u1", "p1", 1);
    await w.prepare("u1", { useStoreCredit: true });
    await expect(placeOrderWithStoreCredit({ userId: "u1", visitorId: "v" }, w.deps)).rejects.toThrow("Please pay the rest");
  });
});

describe("order status", () => {
  async function placed() {
    const w = world(3);
    await w.add("u1", "p1", 2);
    await w.prepare("u1");
    const { order } = await (await w.pay("u1")).capture();
    const change = (to: "pending" | "processing" | "completed" | "cancelled") =>
      changeOrderStatus({ orderId: order.id, to, actorUserId: "admin", visitorId: null }, { unitOfWork: w.shop.ordering, clock: w.clock, ids: w.ids });
    return { w, order, change };
  }

  it("cancelling a pending order puts its units back; reopening takes them again; each change is an event", async () => {
    const { w, change } = await placed();
    expect(w.shop.state.products[0]!.stock).toBe(1);
    await change("cancelled");
    expect(w.shop.state.products[0]!.stock).toBe(3);
    await change("processing");
    expect(w.shop.state.products[0]!.stock).toBe(1);
    await change("processing");
    const changes = w.shop.state.events.filter((e) => e.type === "OrderStatusChanged").map((e) => e.payload);
    expect(changes).toEqual([
      { orderId: expect.any(String), from: "pending", to: "cancelled", total: 5000 },
      { orderId: expect.any(String), from: "cancelled", to: "processing", total: 5000 },
    ]);
  });

  it("refuses to reopen a cancelled order whose units were sold meanwhile, changing nothing", async () => {
    const { w, change } = await placed();
    await change("cancelled");
    w.shop.state.products[0]!.stock = 1;
    await expect(change("pending")).rejects.toThrow("Not enough stock of Dragon Fruit to reopen this order");
    expect(w.shop.state.orders[0]!.status).toBe("cancelled");
    expect(w.shop.state.products[0]!.stock).toBe(1);
  });

  it("a completed order that is cancelled does not restock", async () => {
    const { w, change } = await placed();
    await change("completed");
    await change("cancelled");
    expect(w.shop.state.products[0]!.stock).toBe(1);
  });

  it("asks the rewards module once per transition: completed credits what was paid, cancelled takes back", async () => {
    const { w, order, change } = await placed();
    await change("completed");
    await change("completed");
    await change("processing");
    await change("cancelled");
    expect(w.shop.state.rewards).toEqual([
      { kind: "completed", userId: "u1", orderId: order.id, paid: 5000 },
      { kind: "cancelled", userId: "u1", orderId: order.id },
    ]);
  });

  it("a refused status change asks the rewards module nothing", async () => {
    const { w, change } = await placed();
    await change("cancelled");
    w.shop.state.products[0]!.stock = 1;
    await expect(change("completed")).rejects.toThrow("Not enough stock");
    expect(w.shop.state.rewards).toEqual([{ kind: "cancelled", userId: "u1", orderId: expect.any(String) }]);
  });

  it("an unknown order is not found", async () => {
    const { w } = await placed();
    await expect(
      changeOrderStatus({ orderId: "nope", to: "completed", actorUserId: "a", visitorId: null }, { unitOfWork: w.shop.ordering, clock: w.clock, ids: w.ids }),
    ).rejects.toThrow("Order not found");
  });
});

describe("managing discount codes", () => {
  it("refuses duplicates and limits below the uses already made; a type change keeps the typed figure", async () => {
    const w = world();
    const deps = { unitOfWork: w.shop.promotions, clock: w.clock, ids: w.ids };
    const input = {
      code: "TEN",
      type: "percentage" as const,
      amountHundredths: 1000,
      status: "active" as const,
      startDate: null,
      endDate: null,
      usageLimit: 5,
      minPurchase: null,
      appliesToGame: null,
      createdBy: null,
    };
    const code = await createDiscountCode(input, deps);
    await expect(createDiscountCode({ ...input, code: "ten" }, deps)).rejects.toThrow("The discount code TEN already exists");
    w.shop.state.codes[0]!.usageCount = 3;
    await expect(updateDiscountCode({ id: code.id, changes: { usageLimit: 2 } }, deps)).rejects.toThrow(/already used/);
    const fixed = await updateDiscountCode({ id: code.id, changes: { type: "fixed" } }, deps);
    expect(fixed).toMatchObject({ type: "fixed", amount: 1000, usageCount: 3 });
  });
});
