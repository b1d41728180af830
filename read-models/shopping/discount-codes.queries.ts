import type { Kysely } from "kysely";
import { toDiscountCode } from "#adapters/repositories/discount-code.repository.ts";
import type { Database } from "#adapters/db/schema.ts";
import type { DiscountCode } from "#domain/promotions/discount-code.ts";
import { formatCents } from "#domain/shared/money.ts";
import type { DiscountCodeView } from "./shopping.views.ts";

export type { DiscountCodeView };

export function toDiscountCodeView(code: DiscountCode): DiscountCodeView {
  return {
    id: code.id,
    code: code.code,
    type: code.type,
    amount: code.type === "percentage" ? String(code.amount) : formatCents(code.amount),
    status: code.status,
    startDate: code.startDate?.toISOString() ?? null,
    endDate: code.endDate?.toISOString() ?? null,
    usageLimit: code.usageLimit,
    usageCount: code.usageCount,
    minPurchase: code.minPurchase === null ? null : formatCents(code.minPurchase),
    appliesToGame: code.appliesToGame,
    createdBy: code.createdBy,
  };
}

/** Every code, newest first. */
export async function listDiscountCodes(db: Kysely<Database>): Promise<DiscountCodeView[]> {
  const rows = await db.selectFrom("discount_codes").selectAll().orderBy("createdAt", "desc").orderBy("code").execute();
  return rows.map((row) => toDiscountCodeView(toDiscountCode(row)));
}
