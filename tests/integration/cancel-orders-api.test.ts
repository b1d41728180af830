import { describe, expect, it } from "vitest";
import * as cancel from "#src/pages/api/orders/[id]/cancel.ts";
import * as answer from "#src/pages/api/admin/orders/[id]/cancel-request.ts";
import * as status from "#src/pages/api/orders/[id]/status.ts";
import { manualClock } from "../fakes/in-memory-shopping.ts";
import { captureCall, preparedPayment, product, setStock, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

const clock = manualClock("2026-12-02T12:00:00.000Z");
const store = await createTestApp({ clock, env: { SLA_CHECK_SECONDS: "0", CANCEL_GRANT_HOURS: "2" } });
const admin = await signInAdmin(store);
const item = await product(store, "Titanic Cat");
await setStock(store, item.id, 1000);
let shoppers = 0;

async function paidOrder() {
  const shopper = await signIn(store, `cancel-${++shoppers}@shop.test`);
  const { paymentId } = await preparedPayment(shopper, item.id, 1);
  const captured = await captureCall(shopper, paymentId);
  expect(captured.status).toBe(201);
  return { shopper, order: captured.body.order as { id: string } };
}
const cancelCall = (browser: { call: typeof admin.call }, id: string, refundTo = "payment") =>
  browser.call(cancel.POST, `/api/orders/${id}/cancel`, { method: "POST", params: { id }, body: { refundTo } });
const refundsOf = (id: string) => store.app.db.selectFrom("refunds").selectAll().where("orderId", "=", id).execute();

describe(`cancelling without a chat on ${TEST_DATABASE}`, () => {
  it("an unstarted order cancels at once with its refund through the refund path; again is a 409; another's is a 404", async () => {
    const { shopper, order } = await paidOrder();
    const stranger = await signIn(store, "cancel-stranger@shop.test");
    expect((await cancelCall(stranger, order.id)).status).toBe(404);
    const done = await cancelCall(shopper, order.id, "credit");
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    expect(await refundsOf(order.id)).toEqual([expect.objectContaining({ destination: "store_credit", idempotencyKey: `shopper-cancel-${order.id}` })]);
    expect((await cancelCall(shopper, order.id)).status).toBe(409);
  });

  it("a started order asks staff; a refusal keeps it, a grant cancels and refunds it to the payment", async () => {
    const { shopper, order } = await paidOrder();
    await admin.call(status.PATCH, `/api/orders/${order.id}/status`, { method: "PATCH", params: { id: order.id }, body: { status: "processing" } });
    const asked = await cancelCall(shopper, order.id);
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ status: "cancel_requested" });
    const granted = await admin.call(answer.POST, `/api/admin/orders/${order.id}/cancel-request`, {
      method: "POST",
      params: { id: order.id },
      body: { decision: "grant", note: "Not traded yet" },
    });
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({
      status: "granted",
      order: { status: "cancelled", cancelRequest: { status: "granted", refundTo: "payment", note: "Not traded yet" } },
    });
    expect(await refundsOf(order.id)).toEqual([expect.objectContaining({ destination: "payment" })]);
    expect(
      (
        await admin.call(answer.POST, `/api/admin/orders/${order.id}/cancel-request`, {
          method: "POST",
          params: { id: order.id },
          body: { decision: "refuse" },
        })
      ).status,
    ).toBe(409);
  });

  it("a request nobody answers within CANCEL_GRANT_HOURS is granted by the store's job, once", async () => {
    const { shopper, order } = await paidOrder();
    await admin.call(status.PATCH, `/api/orders/${order.id}/status`, { method: "PATCH", params: { id: order.id }, body: { status: "processing" } });
    expect((await cancelCall(shopper, order.id)).status).toBe(202);
    await store.app.lateOrders.runOnce();
    expect((await store.app.db.selectFrom("cancel_requests").select("status").where("orderId", "=", order.id).executeTakeFirstOrThrow()).status).toBe("open");
    clock.advance(2 * 3_600_000 + 1000);
    await store.app.lateOrders.runOnce();
    await store.sibling().lateOrders.runOnce();
    expect((await store.app.db.selectFrom("cancel_requests").select("status").where("orderId", "=", order.id).executeTakeFirstOrThrow()).status).toBe(
      "granted",
    );
    expect((await store.app.db.selectFrom("orders").select("status").where("id", "=", order.id).executeTakeFirstOrThrow()).status).toBe("cancelled");
    expect(await refundsOf(order.id)).toHaveLength(1);
  });
});
