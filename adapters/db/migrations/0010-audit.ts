import { SqliteAdapter, type Kysely } from "kysely";

// The audit trail of administrator changes (issue 10). `id` orders entries (newest = highest).
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable("audit_entries")
    .addColumn("id", sqlite ? "integer" : "bigserial", (c) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("adminId", "text", (c) => c.notNull())
    .addColumn("adminEmail", "text", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("entityId", "text", (c) => c.notNull())
    .addColumn("before", "text", (c) => c.notNull())
    .addColumn("after", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_entries_kind_id").on("audit_entries").columns(["kind", "id"]).execute();
  await db.schema.createIndex("audit_entries_admin_id").on("audit_entries").columns(["adminId", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("audit_entries").execute();
}
