import { describe, expect, it } from "vitest";
import { closeReceiptWindows, confirmReceipt, RECEIPT_BATCH } from "#domain/fulfilment/confirm-receipt.ts";
import { receiptClosesAt, receiptOpen, type Receipt, type ReceiptOrder } from "#domain/fulfilment/order-receipt.ts";
import type { OrderReceipts } from "#domain/fulfilment/order-receipts.port.ts";

const HOUR = 3_600_000;
const delivered = new Date("2026-11-21T10:00:00.000Z");
const base: ReceiptOrder = { id: "o1", userId: "u1", status: "completed", deliveredAt: delivered, receipt: null };

/** The receipts' storage in memory: orders by id, the timeline lines, the chat messages. */
function inMemoryReceipts(orders: ReceiptOrder[]) {
  const byId = new Map(orders.map((o) => [o.id, { ...o }]));
  const timeline: { orderId: string; text: string }[] = [];
  const chat: { orderId: string; note: string | null }[] = [];
  const receipts: OrderReceipts = {
    find: async (id) => byId.get(id) ?? null,
    async record({ orderId, receipt, note, timelineText }) {
      const order = byId.get(orderId);
      if (!order || order.receipt !== null || order.status !== "completed") return false;
      order.receipt = receipt;
      timeline.push({ orderId, text: timelineText });
      if (receipt === "not_received") chat.push({ orderId, note });
      return true;
    },
    async closeSilent({ deliveredBefore, limit, timelineText }) {
      const due = [...byId.values()]
        .filter((o) => o.status === "completed" && o.receipt === null && o.deliveredAt && o.deliveredAt <= deliveredBefore)
        .slice(0, limit);
      for (const o of due) {
        o.receipt = "silence" satisfies Receipt;
        timeline.push({ orderId: o.id, text: timelineText });
      }
      return due.map((o) => o.id);
    },
  };
  return { receipts, byId, timeline, chat };
}

describe("the receipt window", () => {
  it("is open from delivery until the window's last instant, excluded", () => {
    expect(receiptClosesAt(base, 72)).toEqual(new Date(delivered.getTime() + 72 * HOUR));
    expect(receiptOpen(base, delivered, 72)).toBe(true);
    expect(receiptOpen(base, new Date(delivered.getTime() + 72 * HOUR - 1), 72)).toBe(true);
    expect(receiptOpen(base, new Date(delivered.getTime() + 72 * HOUR), 72)).toBe(false);
  });
  it("is closed for an order not delivered, answered, or no longer completed", () => {
    expect(receiptOpen({ ...base, deliveredAt: null }, delivered, 72)).toBe(false);
    expect(receiptOpen({ ...base, receipt: "received" }, delivered, 72)).toBe(false);
    expect(receiptOpen({ ...base, status: "processing" }, delivered, 72)).toBe(false);
  });
});

describe("confirmReceipt", () => {
  const at = (ms: number) => ({ now: () => new Date(delivered.getTime() + ms) });
  it("records the owner's answer once; another shopper's order is not found", async () => {
    const store = inMemoryReceipts([base]);
    await expect(
      confirmReceipt({ orderId: "o1", userId: "u2", received: true }, { receipts: store.receipts, clock: at(HOUR), windowHours: 72 }),
    ).rejects.toMatchObject({
      kind: "not_found",
    });
    expect(await confirmReceipt({ orderId: "o1", userId: "u1", received: true }, { receipts: store.receipts, clock: at(HOUR), windowHours: 72 })).toEqual({
      receipt: "received",
    });
    await expect(
      confirmReceipt({ orderId: "o1", userId: "u1", received: false }, { receipts: store.receipts, clock: at(HOUR), windowHours: 72 }),
    ).rejects.toMatchObject({
      kind: "conflict",
    });
    expect(store.timeline).toHaveLength(1);
  });
  it("'I didn't get it' carries the shopper's words, trimmed; refused once the window closed", async () => {
    const store = inMemoryReceipts([base, { ...base, id: "o2" }]);
    await confirmReceipt(
      { orderId: "o1", userId: "u1", received: false, note: "  nothing came  " },
      { receipts: store.receipts, clock: at(HOUR), windowHours: 72 },
    );
    expect(store.chat).toEqual([{ orderId: "o1", note: "nothing came" }]);
    await expect(
      confirmReceipt({ orderId: "o2", userId: "u1", received: true }, { receipts: store.receipts, clock: at(72 * HOUR), windowHours: 72 }),
    ).rejects.toMatchObject({
      kind: "conflict",
    });
  });
});

describe("closeReceiptWindows", () => {
  it("completes the silent orders past the window, a bounded batch a run, each once", async () => {
    const orders = Array.from({ length: RECEIPT_BATCH + 5 }, (_, i) => ({ ...base, id: `o${i}` }));
    const store = inMemoryReceipts([...orders, { ...base, id: "fresh", deliveredAt: new Date(delivered.getTime() + 71 * HOUR) }]);
    const clock = { now: () => new Date(delivered.getTime() + 72 * HOUR) };
    expect(await closeReceiptWindows({ receipts: store.receipts, clock, windowHours: 72 })).toHaveLength(RECEIPT_BATCH);
    expect(await closeReceiptWindows({ receipts: store.receipts, clock, windowHours: 72 })).toHaveLength(5);
    expect(await closeReceiptWindows({ receipts: store.receipts, clock, windowHours: 72 })).toEqual([]);
    expect(store.byId.get("fresh")!.receipt).toBeNull();
  });
});
