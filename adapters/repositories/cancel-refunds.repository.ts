import type { CancelRefunds } from "#domain/fulfilment/cancel-refunds.port.ts";
import type { Tx } from "../db/database.ts";
import { skippingLockedRows } from "../db/transaction-locks.ts";

export function createCancelRefunds(db: Tx): CancelRefunds {
  return {
    async owe({ orderId, destination, dueAt }) {
      await db
        .insertInto("cancel_refunds")
        .values({ orderId, destination, dueAt: dueAt.toISOString() })
        .onConflict((oc) => oc.column("orderId").doNothing())
        .execute();
    },
    async claimDue(now, holdUntil) {
      const due = await skippingLockedRows(
        db,
        db.selectFrom("cancel_refunds").selectAll().where("dueAt", "<=", now.toISOString()).orderBy("dueAt").orderBy("orderId").limit(1),
      ).executeTakeFirst();
      if (!due) return null;
      await db
        .updateTable("cancel_refunds")
        .set({ dueAt: holdUntil.toISOString(), attempts: due.attempts + 1 })
        .where("orderId", "=", due.orderId)
        .execute();
      return { orderId: due.orderId, destination: due.destination === "store_credit" ? "store_credit" : "payment", attempts: due.attempts + 1 };
    },
    async paid(orderId) {
      await db.deleteFrom("cancel_refunds").where("orderId", "=", orderId).execute();
    },
    async postpone(orderId, dueAt) {
      await db.updateTable("cancel_refunds").set({ dueAt: dueAt.toISOString() }).where("orderId", "=", orderId).execute();
    },
  };
}
