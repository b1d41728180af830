import { describe, expect, it } from "vitest";
import { migrateToLatest } from "#adapters/db/database.ts";
import { expectLedgersBalanced } from "./helpers/rewards.ts";
import { insertUser } from "./helpers/user-rows.ts";
import { databaseForMigration } from "./helpers/migration-database.ts";
import { TEST_DATABASE } from "./helpers/test-app.ts";

describe(`migration 0009-rewards on ${TEST_DATABASE}`, () => {
  it("turns balances set before the ledgers existed into opening entries, so sum == balance from the start", async () => {
    const { db, migrateTo } = await databaseForMigration("shop-rewards-migration");

    // The store as it was before rewards: accounts with balances and no ledgers.
    await migrateTo("0003-events");
    await insertUser(db, "old-rich", { points: 12345, storeCredit: 550 });
    await insertUser(db, "old-null", { points: null, storeCredit: null });
    await insertUser(db, "old-zero", { points: 0, storeCredit: 0 });

    expect(await migrateToLatest(db)).toContain("0009-rewards");
    const points = await db.selectFrom("points_ledger").select(["userId", "amount", "reason"]).execute();
    const credit = await db.selectFrom("store_credit_ledger").select(["userId", "amountCents", "reason"]).execute();
    expect(points).toEqual([{ userId: "old-rich", amount: 12345, reason: "opening_balance" }]);
    expect(credit).toEqual([{ userId: "old-rich", amountCents: 550, reason: "opening_balance" }]);
    await expectLedgersBalanced(db);
  });
});
