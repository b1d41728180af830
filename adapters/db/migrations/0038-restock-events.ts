import { sql, SqliteAdapter, type Kysely } from "kysely";
import { createTable, integer, logPosition, primaryKey, text } from "../migration-kit.ts";

/**
 * Back in stock, made durable (issue 36). Until now the restock job compared each watched product's
 * stock with what it saw last time, so a restock 0 → more → 0 between two runs was never seen and
 * its waiting addresses never heard of it.
 *
 * `restock_events` records each restock when it happens: a trigger on `products` inserts a row in
 * the same transaction as the update that takes a product's stock from 0 (or less) to more, while
 * at least one address waits for it, whatever path made the update (an admin's edit, a refund or a
 * cancellation giving units back). `units` is the stock right after the restock: how many of the
 * waiting addresses that restock may tell. The restock job (adapters/mail/restock-notices.ts)
 * consumes the rows in order and sets `processedAt`, in the transaction that queues the emails.
 *
 * `stock_watches` (migration 0031) is no longer read and is dropped. A restock that happened before
 * this migration and that the job had not yet seen (a watch at 0, the stock above 0 now, addresses
 * waiting) becomes an event here, so nobody waiting at the upgrade is skipped.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await createTable(db, "restock_events", {
    columns: {
      id: logPosition(),
      productId: text({ references: "products.id", onDelete: "cascade" }),
      units: integer(),
      at: text(),
      processedAt: text.nullable(),
    },
  });
  // The job's queue: the events not yet processed, oldest first.
  await sql`create index restock_events_due on restock_events (id) where "processedAt" is null`.execute(db);
  await sql`create index restock_events_product on restock_events ("productId")`.execute(db);

  const waiting = sql`exists (select 1 from stock_alerts a where a."productId" = new.id and a.status = 'waiting')`;
  if (sqlite) {
    await sql`create trigger products_record_restock after update of stock on products
      when old.stock <= 0 and new.stock > 0 and ${waiting}
      begin insert into restock_events ("productId", units, "at") values (new.id, new.stock, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); end`.execute(db);
  } else {
    await sql`create function record_restock() returns trigger language plpgsql as $$
      begin
        if ${waiting} then
          insert into restock_events ("productId", units, "at")
          values (new.id, new.stock, to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger products_record_restock after update of stock on products
      for each row when (old.stock <= 0 and new.stock > 0) execute function record_restock()`.execute(db);
  }

  const now = new Date().toISOString();
  await sql`insert into restock_events ("productId", units, "at")
    select p.id, p.stock, ${now} from stock_watches w join products p on p.id = w."productId"
    where w."lastStock" <= 0 and p.stock > 0 and exists (select 1 from stock_alerts a where a."productId" = p.id and a.status = 'waiting')
    order by p.id`.execute(db);
  await db.schema.dropTable("stock_watches").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await createTable(db, "stock_watches", {
    columns: { productId: primaryKey("text", { references: "products.id", onDelete: "cascade" }), lastStock: integer() },
  });
  // Every product somebody waits for is watched from its stock now.
  await sql`insert into stock_watches ("productId", "lastStock")
    select distinct p.id, p.stock from products p join stock_alerts a on a."productId" = p.id where a.status = 'waiting'`.execute(db);
  await sql`drop trigger if exists products_record_restock${sqlite ? sql`` : sql` on products`}`.execute(db);
  if (!sqlite) await sql`drop function if exists record_restock()`.execute(db);
  await db.schema.dropTable("restock_events").execute();
}
