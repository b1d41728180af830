import type { Kysely } from "kysely";
import type { MailOutbox } from "#domain/mail/mail-outbox.port.ts";
import { firstComeFirstServed, stockChange } from "#domain/stock-alerts/stock-alert.ts";
import type { Database } from "../db/schema.ts";
import type { Tx } from "../db/database.ts";
import { lockName } from "../db/transaction-locks.ts";
import { hashUnsubscribeToken, newUnsubscribeToken } from "../repositories/stock-alerts.repository.ts";

/** Products looked at per round at most; the rest are the next round's (a round is one transaction). */
const PRODUCTS_PER_ROUND = 50;

/**
 * Back in stock (issue 36). Compares each watched product's stock with the stock it had when this
 * last looked: from 0 to more is a restock, whatever path made it (an admin's edit, a refund or a
 * cancellation giving units back). At a restock, the earliest waiting addresses, at most one per
 * unit (firstComeFirstServed), get one email each through the outbox, with a fresh unsubscribe
 * token; the others keep waiting for the next restock. One transaction under a lock: the alerts
 * marked notified, the watch moved on and the outbox rows commit together or not at all, so
 * several processes (and a restart between two rounds) email each waiting address once.
 */
export async function queueRestockEmails(db: Kysely<Database>, settings: { now: Date; outbox: (trx: Tx) => MailOutbox }): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await lockName(trx, "restock-notices");
    const changed = await trx
      .selectFrom("stock_watches as w")
      .innerJoin("products as p", "p.id", "w.productId")
      .select(["w.productId", "w.lastStock", "p.stock", "p.name"])
      .where((eb) => eb.or([eb.and([eb("w.lastStock", "<=", 0), eb("p.stock", ">", 0)]), eb.and([eb("w.lastStock", ">", 0), eb("p.stock", "<=", 0)])]))
      .orderBy("w.productId")
      .limit(PRODUCTS_PER_ROUND)
      .execute();
    const outbox = settings.outbox(trx);
    let queued = 0;
    for (const product of changed) {
      const change = stockChange(product.lastStock, product.stock);
      if (!change) continue;
      await trx.updateTable("stock_watches").set({ lastStock: product.stock }).where("productId", "=", product.productId).execute();
      if (change === "sold_out") continue;
      const waiting = await trx
        .selectFrom("stock_alerts")
        .select(["id", "email", "createdAt"])
        .where("productId", "=", product.productId)
        .where("status", "=", "waiting")
        .orderBy("createdAt")
        .orderBy("id")
        .limit(product.stock)
        .execute();
      for (const alert of firstComeFirstServed(waiting, product.stock)) {
        const token = newUnsubscribeToken();
        const marked = await trx
          .updateTable("stock_alerts")
          .set({ status: "notified", notifiedAt: settings.now.toISOString(), unsubscribeTokenHash: hashUnsubscribeToken(token) })
          .where("id", "=", alert.id)
          .where("status", "=", "waiting")
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) !== 1) continue;
        await outbox.add({ template: "back_in_stock", to: alert.email, data: { productId: product.productId, productName: product.name, token } });
        queued++;
      }
    }
    return queued;
  });
}
