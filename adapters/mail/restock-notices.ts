import type { Kysely } from "kysely";
import type { MailOutbox } from "#domain/mail/mail-outbox.port.ts";
import { firstComeFirstServed } from "#domain/stock-alerts/stock-alert.ts";
import type { Database } from "../db/schema.ts";
import type { Tx } from "../db/database.ts";
import { lockName } from "../db/transaction-locks.ts";
import { hashUnsubscribeToken, newUnsubscribeToken } from "../repositories/stock-alerts.repository.ts";

/** Restocks handled per round at most; the rest are the next round's (a round is one transaction). */
const EVENTS_PER_ROUND = 50;

/**
 * Back in stock (issue 36). Each restock is recorded when it happens (`restock_events`, written by
 * a trigger in the transaction that raised the stock from 0, migration 0038), so a restock that sold
 * out again before this job ran is still one. For each, oldest first, the earliest waiting addresses,
 * at most one per unit the restock brought (firstComeFirstServed), get one email each through the
 * outbox, with a fresh unsubscribe token; the others keep waiting for the next restock. The email
 * says what is true when it is written: "is back in stock" while the product has stock, "was back
 * in stock" (and sold out again) when it has none left. One transaction under a lock: the alerts
 * marked notified, the event marked processed and the outbox rows commit together or not at all, so
 * several processes (and a restart between two rounds) email each waiting address once.
 */
export async function queueRestockEmails(db: Kysely<Database>, settings: { now: Date; outbox: (trx: Tx) => MailOutbox }): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await lockName(trx, "restock-notices");
    const events = await trx
      .selectFrom("restock_events as e")
      .innerJoin("products as p", "p.id", "e.productId")
      .select(["e.id", "e.productId", "e.units", "p.stock", "p.name"])
      .where("e.processedAt", "is", null)
      .orderBy("e.id")
      .limit(EVENTS_PER_ROUND)
      .execute();
    const outbox = settings.outbox(trx);
    let queued = 0;
    for (const event of events) {
      await trx.updateTable("restock_events").set({ processedAt: settings.now.toISOString() }).where("id", "=", event.id).execute();
      const waiting = await trx
        .selectFrom("stock_alerts")
        .select(["id", "email", "createdAt"])
        .where("productId", "=", event.productId)
        .where("status", "=", "waiting")
        .orderBy("createdAt")
        .orderBy("id")
        .limit(event.units)
        .execute();
      for (const alert of firstComeFirstServed(waiting, event.units)) {
        const token = newUnsubscribeToken();
        const marked = await trx
          .updateTable("stock_alerts")
          .set({ status: "notified", notifiedAt: settings.now.toISOString(), unsubscribeTokenHash: hashUnsubscribeToken(token) })
          .where("id", "=", alert.id)
          .where("status", "=", "waiting")
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) !== 1) continue;
        const data = { productId: event.productId, productName: event.name, token, soldOutAgain: event.stock <= 0 };
        await outbox.add({ template: "back_in_stock", to: alert.email, data });
        queued++;
      }
    }
    return queued;
  });
}
