import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { readPausedMethods } from "#adapters/repositories/delivery-terms.repository.ts";
import type { DeliveryMethod } from "#domain/catalogue/requirements.ts";

/** The delivery methods the owner paused (none until saved): GET /api/admin/settings/delivery-methods. */
export async function pausedMethodsOf(db: Kysely<Database>): Promise<{ paused: DeliveryMethod[] }> {
  return { paused: await readPausedMethods(db) };
}
