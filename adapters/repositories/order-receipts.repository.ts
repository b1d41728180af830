import type { Kysely } from "kysely";
import type { Receipt } from "#domain/fulfilment/order-receipt.ts";
import type { OrderReceipts } from "#domain/fulfilment/order-receipts.port.ts";
import type { IdGenerator } from "#domain/shared/id-generator.port.ts";
import type { Database } from "../db/schema.ts";
import { skippingLockedRows } from "../db/transaction-locks.ts";
import { createOrderChatRepository } from "./order-chat.repository.ts";

const TIMELINE_KIND: Record<Receipt, "received" | "not_received" | "completed"> = { received: "received", not_received: "not_received", silence: "completed" };

/** Confirm receipt's storage (issue 36): the orders' receipt columns, the timeline, the order chat. */
export function createOrderReceipts(db: Kysely<Database>, ids: IdGenerator): OrderReceipts {
  return {
    async find(orderId) {
      const row = await db
        .selectFrom("orders")
        .select(["id", "userId", "status", "deliveredAt", "receipt", "robuxDueAt"])
        .where("id", "=", orderId)
        .executeTakeFirst();
      if (!row) return null;
      return {
        ...row,
        deliveredAt: row.deliveredAt ? new Date(row.deliveredAt) : null,
        receipt: (row.receipt as Receipt | null) ?? null,
        robuxDueAt: row.robuxDueAt ? new Date(row.robuxDueAt) : null,
      };
    },
    async record({ orderId, receipt, at, note, actorId, timelineText }) {
      return db.transaction().execute(async (trx) => {
        // Conditional: the first answer wins, and only while the order is still delivered.
        const updated = await trx
          .updateTable("orders")
          .set({ receipt, receiptAt: at.toISOString(), receiptNote: note, updatedAt: at.toISOString() })
          .where("id", "=", orderId)
          .where("status", "=", "completed")
          .where("receipt", "is", null)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return false;
        await trx.insertInto("order_timeline").values({ orderId, at: at.toISOString(), kind: TIMELINE_KIND[receipt], text: timelineText, actorId }).execute();
        if (receipt === "not_received") {
          // The support case is the order's own chat: staff read it next to the delivery proof, and
          // re-deliver (status back to processing) or refund from the same order.
          const chat = createOrderChatRepository(trx);
          const seq = await chat.nextSeq(orderId, at);
          const words = note ? `I didn't get this order. ${note}` : "I didn't get this order.";
          await chat.add(orderId, { id: ids.newId(), seq, sender: "user", message: words, createdAt: at });
        }
        return true;
      });
    },
    async closeSilent({ deliveredBefore, at, limit, timelineText }) {
      return db.transaction().execute(async (trx) => {
        // The partial index orders_receipt_due holds exactly these orders; SKIP LOCKED lets two
        // processes share them, the conditional update makes each complete once.
        const due = await skippingLockedRows(
          db,
          trx
            .selectFrom("orders")
            .select("id")
            .where("status", "=", "completed")
            .where("receipt", "is", null)
            .where("deliveredAt", "is not", null)
            .where("deliveredAt", "<=", deliveredBefore.toISOString())
            // A gamepass order's window runs from when its Robux are due, which is after delivery.
            .where((eb) => eb.or([eb("robuxDueAt", "is", null), eb("robuxDueAt", "<=", deliveredBefore.toISOString())]))
            .orderBy("deliveredAt")
            .limit(limit),
        ).execute();
        const closed: string[] = [];
        for (const { id } of due) {
          const updated = await trx
            .updateTable("orders")
            .set({ receipt: "silence", receiptAt: at.toISOString() })
            .where("id", "=", id)
            .where("status", "=", "completed")
            .where("receipt", "is", null)
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) !== 1) continue;
          await trx.insertInto("order_timeline").values({ orderId: id, at: at.toISOString(), kind: "completed", text: timelineText, actorId: null }).execute();
          closed.push(id);
        }
        return closed;
      });
    },
  };
}
