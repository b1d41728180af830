import type { Kysely } from "kysely";
import type { MinorSpending } from "#domain/checkout/minor-spending.port.ts";
import type { MinorsSettings } from "#domain/shop-facts/shop-settings.ts";
import type { Database } from "../db/schema.ts";

/** The shop_settings section the Settings tab saves the limit in. */
const MINORS_SECTION = "minors";

/** The limit from the owner's "minors" settings document; its account's month from the orders (index orders_user_created). */
export function createMinorSpending(db: Kysely<Database>): MinorSpending {
  return {
    async monthlyLimit() {
      const row = await db.selectFrom("shop_settings").select("value").where("key", "=", MINORS_SECTION).executeTakeFirst();
      if (!row) return null;
      try {
        const limit = (JSON.parse(row.value) as Partial<MinorsSettings>).monthlyLimitCents;
        return typeof limit === "number" && Number.isInteger(limit) && limit >= 0 ? limit : null;
      } catch {
        // A document that does not parse sets no limit.
        return null;
      }
    },
    async spentSince(userId, since) {
      const row = await db
        .selectFrom("orders")
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>("totalCents"), eb.lit(0)).as("spent"))
        .where("userId", "=", userId)
        .where("createdAt", ">=", since.toISOString())
        .where("status", "!=", "cancelled")
        .executeTakeFirst();
      return Number(row?.spent ?? 0);
    },
  };
}
