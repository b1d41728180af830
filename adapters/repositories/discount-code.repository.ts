import type { Selectable } from "kysely";
import type { DiscountCode } from "#domain/promotions/discount-code.ts";
import type { DiscountCodeRepository } from "#domain/promotions/discount-code-repository.port.ts";
import type { DiscountCodesTable } from "../db/schema.ts";
import type { Tx } from "../db/database.ts";

export function toDiscountCode(row: Selectable<DiscountCodesTable>): DiscountCode {
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    amount: row.amount,
    status: row.status,
    startDate: row.startDate ? new Date(row.startDate) : null,
    endDate: row.endDate ? new Date(row.endDate) : null,
    usageLimit: row.usageLimit,
    usageCount: row.usageCount,
    minPurchase: row.minPurchaseCents,
    appliesToGame: row.appliesToGame,
    createdBy: row.createdBy,
  };
}

function definitionColumns(code: DiscountCode) {
  return {
    code: code.code,
    type: code.type,
    amount: code.amount,
    status: code.status,
    startDate: code.startDate?.toISOString() ?? null,
    endDate: code.endDate?.toISOString() ?? null,
    usageLimit: code.usageLimit,
    minPurchaseCents: code.minPurchase,
    appliesToGame: code.appliesToGame,
  };
}

export function createDiscountCodeRepository(db: Tx): DiscountCodeRepository {
  return {
    async byId(id) {
      const row = await db.selectFrom("discount_codes").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? toDiscountCode(row) : null;
    },
    async byCode(code) {
      const row = await db.selectFrom("discount_codes").selectAll().where("code", "=", code).executeTakeFirst();
      return row ? toDiscountCode(row) : null;
    },
    async add(code, at) {
      const now = at.toISOString();
      await db
        .insertInto("discount_codes")
        .values({ id: code.id, ...definitionColumns(code), usageCount: code.usageCount, createdBy: code.createdBy, createdAt: now, updatedAt: now })
        .execute();
    },
    async update(code, at) {
      await db
        .updateTable("discount_codes")
        .set({ ...definitionColumns(code), updatedAt: at.toISOString() })
        .where("id", "=", code.id)
        .execute();
    },
    async remove(id) {
      const result = await db.deleteFrom("discount_codes").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
