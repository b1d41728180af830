import type { Kysely } from "kysely";
import * as z from "zod";
import type { StaffNoticeSettingsStore } from "#domain/accounts/staff-notice-settings.port.ts";
import type { StaffNoticeSettings } from "#domain/accounts/staff-notice-settings.ts";
import type { Database } from "../db/schema.ts";

const Choice = z.object({ sound: z.boolean(), notification: z.boolean() });
const Stored = z.object({ order: Choice, conversation: Choice });

/** staff_notice_settings (migration 0037): one JSON row per staff member, replaced whole. */
export function createStaffNoticeSettingsStore(db: Kysely<Database>): StaffNoticeSettingsStore {
  return {
    async read(userId) {
      const row = await db.selectFrom("staff_notice_settings").select("settings").where("userId", "=", userId).executeTakeFirst();
      if (!row) return null;
      // A row from an older shape reads as "never chose" rather than failing the panel.
      const parsed = Stored.safeParse(JSON.parse(row.settings));
      return parsed.success ? (parsed.data satisfies StaffNoticeSettings) : null;
    },
    async save(userId, settings, at) {
      const values = { userId, settings: JSON.stringify(settings), updatedAt: at.toISOString() };
      await db
        .insertInto("staff_notice_settings")
        .values(values)
        .onConflict((oc) => oc.column("userId").doUpdateSet({ settings: values.settings, updatedAt: values.updatedAt }))
        .execute();
    },
  };
}
