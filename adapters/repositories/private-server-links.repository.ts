import type { Kysely } from "kysely";
import type { PrivateServerLinks } from "#domain/fulfilment/private-server-link.ts";
import { DELIVERY_OWED_STATUSES } from "#domain/fulfilment/delivery.ts";
import type { Database } from "../db/schema.ts";

/** The orders' private-server link (migration 0057), changed by one conditional update. */
export function createPrivateServerLinks(db: Kysely<Database>): PrivateServerLinks {
  return {
    async set(orderId, url) {
      const updated = await db
        .updateTable("orders")
        .set({ privateServerUrl: url })
        .where("id", "=", orderId)
        .where("status", "in", DELIVERY_OWED_STATUSES)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 1) return "set";
      const exists = await db.selectFrom("orders").select("id").where("id", "=", orderId).executeTakeFirst();
      return exists ? "closed" : "not_found";
    },
    async linkOf(orderId) {
      const row = await db.selectFrom("orders").select("privateServerUrl").where("id", "=", orderId).executeTakeFirst();
      return row ? row.privateServerUrl : undefined;
    },
  };
}
