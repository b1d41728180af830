import { sql, type Kysely } from "kysely";
import { addColumns, createTable, integer, primaryKey, text } from "../migration-kit.ts";

/**
 * Risk checks before delivery (issue 37): each order's risk state, score and reasons; the owner's
 * risk settings (one row); the blocklist. A held order has no delivery deadline (deliveryDueAt null)
 * until staff approve it, so the delivery and lateness indexes of 0027 leave it out as they are.
 */
export const HELD = `"riskState" = 'held'`;

export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, "orders", {
    riskState: text({ default: "clear" }),
    riskScore: integer({ default: 0 }),
    // The reasons as a JSON array of plain-words strings, copied when the order was scored.
    riskReasons: text({ default: "[]" }),
    riskDecidedAt: text.nullable(),
    riskDecidedBy: text.nullable(),
    riskNote: text.nullable(),
  });
  // The Risk queue (listOrders with risk=held): a handful of rows, never the shop's history.
  await sql`create index orders_risk_held on orders ("createdAt", id) where ${sql.raw(HELD)}`.execute(db);
  await createTable(db, "risk_settings", { columns: { id: primaryKey("text"), holdScore: integer(), weights: text(), updatedAt: text() } });
  await createTable(db, "blocklist", {
    columns: {
      id: primaryKey("text"),
      kind: text(),
      // Lowered (emails, domains and usernames compare without case).
      value: text(),
      note: text(),
      expiresAt: text.nullable(),
      createdAt: text(),
      createdBy: text(),
    },
    indexes: { blocklist_kind_value: ["kind", "value"] },
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("blocklist").ifExists().execute();
  await db.schema.dropTable("risk_settings").ifExists().execute();
  await sql`drop index if exists orders_risk_held`.execute(db);
  for (const column of ["riskNote", "riskDecidedBy", "riskDecidedAt", "riskReasons", "riskScore", "riskState"]) {
    await db.schema.alterTable("orders").dropColumn(column).execute();
  }
}
