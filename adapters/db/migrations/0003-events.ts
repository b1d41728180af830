import type { Kysely } from "kysely";
import { createTable, integer, logPosition, text } from "../migration-kit.ts";

// The append-only event log behind analytics. `id` is the log position: replay order.
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, "events", {
    columns: {
      id: logPosition(),
      type: text(),
      version: integer({ default: 1 }),
      occurredAt: text(),
      visitorId: text.nullable(),
      userId: text.nullable(),
      payload: text(),
    },
    indexes: { events_type_id: ["type", "id"] },
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("events").execute();
}
