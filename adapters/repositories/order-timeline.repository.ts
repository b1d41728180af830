import type { OrderTimeline } from "#domain/orders/order-timeline.port.ts";
import type { Tx } from "../db/database.ts";

export function createOrderTimeline(db: Tx): OrderTimeline {
  return {
    async record(entry) {
      await db
        .insertInto("order_timeline")
        .values({ orderId: entry.orderId, at: entry.at.toISOString(), kind: entry.kind, text: entry.text, actorId: entry.actorId })
        .execute();
    },
  };
}
