import { describe, expect, it } from "vitest";
import { cancelByShopper, payOwedCancelRefunds, type CancelDeps } from "#domain/fulfilment/cancel-by-shopper.ts";
import { refundOrder } from "#domain/payments/refund-order.ts";
import { dragonFruitPaidOrder } from "../../fakes/shop-world.ts";

const MINUTE = 60_000;

/** u1's paid, unstarted order, and the cancel's dependencies with the real refund path on the fake provider. */
async function cancellableOrder() {
  const world = await dragonFruitPaidOrder("2026-12-03T10:00:00.000Z");
  const { shop, clock, ids, gateways } = world;
  const deps: CancelDeps = {
    unitOfWork: shop.ordering,
    clock,
    ids,
    refund: (input, actor) => refundOrder({ ...input, actorId: actor.id }, { unitOfWork: shop.ordering, gateways, clock, ids }),
  };
  const cancel = (refundTo: "payment" | "credit") => cancelByShopper({ orderId: world.order.id, userId: "u1", email: "u1@shop.test", refundTo }, deps);
  const stored = () => shop.state.orders.find((o) => o.id === world.order.id)!;
  return { ...world, deps, cancel, stored };
}

describe("the refund a cancellation owes", () => {
  it("is made at once and then owed no more", async () => {
    const { cancel, payments, shop, stored } = await cancellableOrder();
    const done = await cancel("payment");
    expect(done).toMatchObject({ status: "cancelled", order: { status: "cancelled", paymentStatus: "refunded" } });
    expect(payments.refunds).toEqual([expect.objectContaining({ amount: 2500 })]);
    expect(shop.state.cancelRefunds).toEqual([]);
    expect(stored().refunded).toBe(2500);
  });

  it("survives a failed refund: the order is cancelled, the refund owed, and the job makes it once, later", async () => {
    const { cancel, deps, payments, shop, clock, stored } = await cancellableOrder();
    payments.failRefunds(1);
    const done = await cancel("payment");
    expect(done.status).toBe("cancelled");
    expect(stored().status).toBe("cancelled");
    expect(payments.refunds).toEqual([]);
    expect(shop.state.cancelRefunds).toEqual([expect.objectContaining({ orderId: stored().id, destination: "payment" })]);
    // Not before its retry is due, so a refund being made right now is not asked twice.
    expect(await payOwedCancelRefunds(deps)).toEqual([]);
    clock.advance(6 * MINUTE);
    expect(await payOwedCancelRefunds(deps)).toEqual([stored().id]);
    expect(payments.refunds).toEqual([expect.objectContaining({ amount: 2500 })]);
    expect(stored()).toMatchObject({ paymentStatus: "refunded", refunded: 2500 });
    expect(shop.state.cancelRefunds).toEqual([]);
    clock.advance(60 * MINUTE);
    expect(await payOwedCancelRefunds(deps)).toEqual([]);
    expect(payments.refunds).toHaveLength(1);
    await expect(cancel("payment")).rejects.toMatchObject({ kind: "conflict" });
  });

  it("waits longer after each failure, and is never lost", async () => {
    const { cancel, deps, payments, shop, clock } = await cancellableOrder();
    payments.failRefunds(3);
    await cancel("payment");
    clock.advance(6 * MINUTE);
    expect(await payOwedCancelRefunds(deps)).toEqual([]);
    expect(shop.state.cancelRefunds[0]!.attempts).toBe(1);
    clock.advance(6 * MINUTE); // the second retry is 5 minutes x 1 after the first failed...
    expect(await payOwedCancelRefunds(deps)).toEqual([]);
    clock.advance(6 * MINUTE); // ...the third 10 minutes after the second
    expect(await payOwedCancelRefunds(deps)).toEqual([]);
    clock.advance(5 * MINUTE);
    expect(await payOwedCancelRefunds(deps)).toHaveLength(1);
    expect(payments.refunds).toHaveLength(1);
  });

  it("owes nothing when the shopper takes store credit, which is given in full at once", async () => {
    const { cancel, payments, shop, stored } = await cancellableOrder();
    payments.failRefunds(1);
    await cancel("credit");
    expect(payments.refunds).toEqual([]);
    expect(shop.state.cancelRefunds).toEqual([]);
    expect(stored()).toMatchObject({ status: "cancelled", refunded: 2500 });
  });
});
