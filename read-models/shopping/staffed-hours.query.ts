import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { readStaffedHours } from "#adapters/repositories/delivery-terms.repository.ts";
import type { StaffedHours } from "#domain/fulfilment/staffed-hours.ts";

/** The owner's staffed hours as saved (around the clock until then): GET /api/admin/settings/delivery-hours. */
export function staffedHoursOf(db: Kysely<Database>): Promise<StaffedHours> {
  return readStaffedHours(db);
}
