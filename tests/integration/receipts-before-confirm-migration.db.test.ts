import { expect } from "vitest";
import { testMigration } from "./helpers/migration-database.ts";

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

/** An order as the store keeps it at 0038 (the columns without a default), delivered `deliveredHoursAgo` ago (null: not delivered). */
function order(id: string, status: string, deliveredHoursAgo: number | null, receipt: string | null = null) {
  const createdAt = ago((deliveredHoursAgo ?? 1) + 1);
  const deliveredAt = deliveredHoursAgo === null ? null : ago(deliveredHoursAgo);
  const money = { subtotalCents: 500, discountCents: 0, totalCents: 500, stockReturned: 0 };
  const payment = { paymentProvider: "sandbox", paymentId: `PAY-${id}`, checkoutId: `co-${id}`, paidAt: createdAt };
  return {
    id,
    userId: "shopper-1",
    status,
    robloxUsername: "Builder_42",
    email: "buyer@shop.test",
    ...money,
    ...payment,
    createdAt,
    updatedAt: createdAt,
    deliveredAt,
    receipt,
  };
}

testMigration(
  "0039-receipts-before-confirm",
  "closes the orders delivered before the window as completed without an answer, with no timeline line, and leaves the rest to the job",
  {
    from: "0038-restock-events",
    rows: {
      orders: [
        order("old-delivered", "completed", 24 * 400),
        order("delivered-4-days-ago", "completed", 96),
        order("delivered-yesterday", "completed", 24),
        order("answered", "completed", 24 * 30, "not_received"),
        order("in-delivery", "processing", null),
        order("cancelled", "cancelled", null),
      ],
    },
  },
  async (db) => {
    const rows = await db.selectFrom("orders").select(["id", "receipt", "receiptAt", "deliveredAt"]).orderBy("id").execute();
    const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
    expect(byId["old-delivered"]).toMatchObject({ receipt: "silence", receiptAt: byId["old-delivered"].deliveredAt });
    expect(byId["delivered-4-days-ago"]).toMatchObject({ receipt: "silence" });
    // Still within the window: the shopper is asked, and the job closes it when the window ends.
    expect(byId["delivered-yesterday"]).toMatchObject({ receipt: null, receiptAt: null });
    expect(byId["answered"]).toMatchObject({ receipt: "not_received" });
    expect(byId["in-delivery"]).toMatchObject({ receipt: null });
    expect(byId["cancelled"]).toMatchObject({ receipt: null });
    // Nothing is written on the orders' timelines: they were completed at delivery, as they show.
    expect(await db.selectFrom("order_timeline").selectAll().execute()).toEqual([]);
  },
);
