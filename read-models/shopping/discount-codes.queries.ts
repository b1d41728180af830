import type { Kysely } from "kysely";
import { toDiscountCode } from "../../adapters/repositories/discount-code.repository.ts";
import type { Database } from "../../adapters/db/schema.ts";
import type { DiscountCode } from "../../domain/promotions/discount-code.ts";
import { formatCents } from "../../domain/shared/money.ts";

/** A discount code as the API shows it (admin-panel.md section 3); money as decimal strings. */
export interface DiscountCodeView {
  id: string;
  code: string;
  type: "percentage" | "fixed";
  /** "10" (percent) or "5.00" (dollars). */
  amount: string;
  status: "active" | "inactive";
  startDate: string | null;
  endDate: string | null;
  usageLimit: number | null;
  usageCount: number;
  minPurchase: string | null;
  appliesToGame: string | null;
  createdBy: string | null;
}

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
