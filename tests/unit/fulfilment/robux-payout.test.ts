import { describe, expect, it } from "vitest";
import { recheckGamePass, robuxDeliveredText, robuxDueAt } from "#domain/fulfilment/robux-payout.ts";
import { receiptClosesAt, receiptOpen, type ReceiptOrder } from "#domain/fulfilment/order-receipt.ts";
import { UNCHECKED_RECIPIENT } from "#domain/roblox/delivery-recipient.ts";
import { inMemoryGamePasses } from "../../fakes/in-memory-game-passes.ts";
import { fixtureAccount } from "../../support/roblox-fixture-server.ts";

const DAY = 86_400_000;
const builder = { ...UNCHECKED_RECIPIENT, userId: fixtureAccount("Builder_42")!.id, verified: true };

describe("a gamepass order when staff buy its pass", () => {
  it("passes the recheck while the pass is as it was checked, and orders without a pass are not asked", async () => {
    const passes = inMemoryGamePasses();
    await expect(recheckGamePass({ gamePass: { id: 7001, price: 1000 }, recipient: builder }, passes.gamePasses)).resolves.toBeUndefined();
    await recheckGamePass({ gamePass: null, recipient: builder }, passes.gamePasses);
    expect(passes.state.lookups).toBe(1);
  });

  it("is refused with the code of what changed since checkout", async () => {
    const passes = inMemoryGamePasses();
    const order = { gamePass: { id: 7001, price: 1000 }, recipient: builder };
    passes.change(7001, { regionalPricing: true });
    await expect(recheckGamePass(order, passes.gamePasses)).rejects.toMatchObject({ code: "gamepass_regional_pricing" });
    passes.change(7001, { regionalPricing: false, price: 1200 });
    await expect(recheckGamePass(order, passes.gamePasses)).rejects.toMatchObject({ code: "gamepass_price", answer: { expectedPrice: 1000 } });
    passes.state.unreachable = true;
    await expect(recheckGamePass(order, passes.gamePasses)).rejects.toMatchObject({ code: "gamepass_uncheckable" });
  });

  it("says when the Robux should appear: the delivery plus Roblox's pending days", () => {
    const delivered = new Date("2026-12-03T10:00:00.000Z");
    const due = robuxDueAt(delivered, 7);
    expect(due.toISOString()).toBe("2026-12-10T10:00:00.000Z");
    expect(robuxDeliveredText(due, 7)).toContain("by 2026-12-10");
  });
});

describe("the receipt question of a gamepass order", () => {
  const delivered = new Date("2026-12-03T10:00:00.000Z");
  const order: ReceiptOrder = {
    id: "o1",
    userId: "u1",
    status: "completed",
    deliveredAt: delivered,
    receipt: null,
    robuxDueAt: new Date(delivered.getTime() + 7 * DAY),
  };

  it("waits until the Robux are due, then stays open for the window", () => {
    expect(receiptOpen(order, new Date(delivered.getTime() + DAY), 72)).toBe(false);
    expect(receiptOpen(order, new Date(delivered.getTime() + 7 * DAY), 72)).toBe(true);
    expect(receiptClosesAt(order, 72)?.toISOString()).toBe("2026-12-13T10:00:00.000Z");
    expect(receiptOpen(order, new Date(delivered.getTime() + 10 * DAY), 72)).toBe(false);
  });
});
