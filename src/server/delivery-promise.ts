import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { readStaffedHours } from "#adapters/repositories/delivery-terms.repository.ts";
import { deliveryStartNotice } from "#domain/fulfilment/staffed-hours.ts";

/** What the product page, checkout and GET /api/products/{id} say of the promise now. */
export interface DeliveryPromiseView {
  /** Minutes from payment (or from when delivery starts) to the deadline. */
  deliveryMinutes: number;
  /** Outside the staffed hours: when delivery starts ("Delivery starts 08:00 UTC, in 9 h"); null while staff deliver. */
  deliveryStarts: { at: string; text: string } | null;
}

export async function deliveryPromiseNow(db: Kysely<Database>, ownMinutes: number | null, slaMinutes: number, now: Date): Promise<DeliveryPromiseView> {
  const notice = deliveryStartNotice(await readStaffedHours(db), now);
  return { deliveryMinutes: ownMinutes ?? slaMinutes, deliveryStarts: notice && { at: notice.startsAt.toISOString(), text: notice.text } };
}
