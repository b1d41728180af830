import { SqliteAdapter, type Kysely } from "kysely";

// The append-only event log behind analytics. `id` is the log position: replay order.
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable("events")
    .addColumn("id", sqlite ? "integer" : "bigserial", (c) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("occurredAt", "text", (c) => c.notNull())
    .addColumn("visitorId", "text")
    .addColumn("userId", "text")
    .addColumn("payload", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("events_type_id").on("events").columns(["type", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("events").execute();
}
