import { sql } from "kysely";
import { expect } from "vitest";
import type { Db } from "#adapters/db/database.ts";

/**
 * The rewards invariant, checked for every account: the balance on the user row (NULL counting as
 * 0) equals the sum of that user's ledger entries, for points and for store credit.
 */
export async function expectLedgersBalanced(db: Db): Promise<void> {
  const { rows } = await sql<{ id: string; points: number; pointsLedger: number; storeCredit: number; storeCreditLedger: number }>`
    select u."id",
      coalesce(u."points", 0) as "points",
      coalesce((select sum(p."amount") from "points_ledger" p where p."userId" = u."id"), 0) as "pointsLedger",
      coalesce(u."storeCredit", 0) as "storeCredit",
      coalesce((select sum(c."amountCents") from "store_credit_ledger" c where c."userId" = u."id"), 0) as "storeCreditLedger"
    from "user" u`.execute(db);
  const wrong = rows
    .map((r) => ({
      ...r,
      points: Number(r.points),
      pointsLedger: Number(r.pointsLedger),
      storeCredit: Number(r.storeCredit),
      storeCreditLedger: Number(r.storeCreditLedger),
    }))
    .filter((r) => r.points !== r.pointsLedger || r.storeCredit !== r.storeCreditLedger);
  expect(wrong).toEqual([]);
}

/** A 1x1 PNG, as a browser's FileReader would send it. */
export const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
export const PNG_DATA_URL = `data:image/png;base64,${PNG_BASE64}`;

export function dataUrl(bytes: Uint8Array, type = "image/png"): string {
  return `data:${type};base64,${Buffer.from(bytes).toString("base64")}`;
}
