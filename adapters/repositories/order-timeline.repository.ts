import type { Kysely } from "kysely";
import type { OrderTimeline } from "../../domain/ordering/order-timeline.port.ts";
import type { Database } from "../db/schema.ts";

export function createOrderTimeline(db: Kysely<Database>): OrderTimeline {
  return {
    async record(entry) {
      await db
        .insertInto("order_timeline")
        .values({ orderId: entry.orderId, at: entry.at.toISOString(), kind: entry.kind, text: entry.text, actorId: entry.actorId })
        .execute();
    },
  };
}
