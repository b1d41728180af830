import type { DiscountUsage } from "#domain/orders/order-repository.port.ts";
import type { Tx } from "../db/database.ts";

export function createDiscountUsage(db: Tx): DiscountUsage {
  return {
    async countUseIfAvailable(discountCodeId) {
      // One conditional update: two orders racing for the last use cannot both pass it.
      const result = await db
        .updateTable("discount_codes")
        .set((eb) => ({ usageCount: eb("usageCount", "+", 1) }))
        .where("id", "=", discountCodeId)
        .where((eb) => eb.or([eb("usageLimit", "is", null), eb("usageCount", "<", eb.ref("usageLimit"))]))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) return "counted";
      const exists = await db.selectFrom("discount_codes").select("id").where("id", "=", discountCodeId).executeTakeFirst();
      return exists ? "limit_reached" : "gone";
    },
    async releaseUse(discountCodeId) {
      await db
        .updateTable("discount_codes")
        .set((eb) => ({ usageCount: eb("usageCount", "-", 1) }))
        .where("id", "=", discountCodeId)
        .where("usageCount", ">", 0)
        .execute();
    },
  };
}
