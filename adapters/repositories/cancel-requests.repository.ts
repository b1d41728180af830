import { sql, type Selectable } from "kysely";
import { OPEN_CANCEL_REQUESTS } from "../db/migrations/0059-cancel-requests.ts";
import type { CancelRequest, CancelRequests } from "#domain/fulfilment/cancel-requests.port.ts";
import type { CancelRequestsTable } from "../db/schema.ts";
import type { Tx } from "../db/database.ts";
import { skippingLockedRows } from "../db/transaction-locks.ts";

function toRequest(row: Selectable<CancelRequestsTable>): CancelRequest {
  return {
    orderId: row.orderId,
    userId: row.userId,
    refundTo: row.refundTo === "credit" ? "credit" : "payment",
    status: row.status === "granted" || row.status === "refused" ? row.status : "open",
    requestedAt: new Date(row.requestedAt),
  };
}

export function createCancelRequests(db: Tx): CancelRequests {
  const of = async (orderId: string) => {
    const row = await db.selectFrom("cancel_requests").selectAll().where("orderId", "=", orderId).executeTakeFirst();
    return row ? toRequest(row) : null;
  };
  return {
    async open(request) {
      await db
        .insertInto("cancel_requests")
        .values({ orderId: request.orderId, userId: request.userId, refundTo: request.refundTo, requestedAt: request.requestedAt.toISOString() })
        .onConflict((oc) => oc.column("orderId").doNothing())
        .execute();
      return (await of(request.orderId))!;
    },
    of,
    async decide(orderId, decision) {
      const result = await db
        .updateTable("cancel_requests")
        .set({ status: decision.status, decidedAt: decision.at.toISOString(), decidedBy: decision.by, note: decision.note })
        .where("orderId", "=", orderId)
        .where("status", "=", "open")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async claimOverdue(before, except) {
      let query = db
        .selectFrom("cancel_requests")
        .selectAll()
        // The partial index's predicate verbatim, so SQLite's planner uses it.
        .where(sql<boolean>`${sql.raw(OPEN_CANCEL_REQUESTS)}`)
        .where("requestedAt", "<=", before.toISOString());
      if (except.length > 0) query = query.where("orderId", "not in", [...except]);
      const row = await skippingLockedRows(db, query.orderBy("requestedAt").orderBy("orderId").limit(1)).executeTakeFirst();
      return row ? toRequest(row) : null;
    },
  };
}
