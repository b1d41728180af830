import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#adapters/db/database.ts";
import { migrationProvider } from "#adapters/db/migrations/index.ts";
import { createTestPostgresDatabase, TEST_POSTGRES_URL } from "../support/postgres.ts";
import { TEST_DATABASE } from "./helpers/test-app.ts";

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

/** An order as the store keeps it at 0038, delivered `deliveredHoursAgo` ago (null: not delivered). */
function order(id: string, status: string, deliveredHoursAgo: number | null, receipt: string | null = null) {
  const createdAt = ago((deliveredHoursAgo ?? 1) + 1);
  return {
    id,
    userId: "shopper-1",
    status,
    robloxUsername: "Builder_42",
    email: "buyer@shop.test",
    subtotalCents: 500,
    discountCodeId: null,
    discountCode: null,
    discountCents: 0,
    totalCents: 500,
    paymentProvider: "sandbox",
    paymentId: `PAY-${id}`,
    captureId: null,
    checkoutId: `co-${id}`,
    stockReturned: 0,
    createdAt,
    updatedAt: createdAt,
    disputeStatus: null,
    paidAt: createdAt,
    deliveryDueAt: null,
    deliveryStartedAt: null,
    deliveryStartedBy: null,
    deliveredAt: deliveredHoursAgo === null ? null : ago(deliveredHoursAgo),
    lateAt: null,
    compensatedAt: null,
    compensationPoints: null,
    atRiskAt: null,
    receipt,
  };
}

describe(`migration 0039-receipts-before-confirm on ${TEST_DATABASE}`, () => {
  it("closes the orders delivered before the window as completed without an answer, with no timeline line, and leaves the rest to the job", async () => {
    const dir = mkdtempSync(join(tmpdir(), "shop-receipts-before-"));
    const postgres = TEST_DATABASE === "postgres" && TEST_POSTGRES_URL ? await createTestPostgresDatabase() : null;
    const db = openDatabase(postgres ? postgres.url : `file:${join(dir, "shop.db")}`) as unknown as Kysely<any>;
    afterAll(async () => {
      await db.destroy();
      await postgres?.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    expect((await new Migrator({ db, provider: migrationProvider }).migrateTo("0038-restock-events")).error).toBeUndefined();
    await db
      .insertInto("orders")
      .values([
        order("old-delivered", "completed", 24 * 400),
        order("delivered-4-days-ago", "completed", 96),
        order("delivered-yesterday", "completed", 24),
        order("answered", "completed", 24 * 30, "not_received"),
        order("in-delivery", "processing", null),
        order("cancelled", "cancelled", null),
      ])
      .execute();

    expect((await new Migrator({ db, provider: migrationProvider }).migrateTo("0039-receipts-before-confirm")).error).toBeUndefined();

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
  });
});
