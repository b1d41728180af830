import type { DeliveryTerms } from "#domain/fulfilment/delivery-terms.port.ts";
import { AROUND_THE_CLOCK, WEEKDAYS, type StaffedHours } from "#domain/fulfilment/staffed-hours.ts";
import type { Tx } from "../db/database.ts";

/** The shop_settings row the staffed hours are kept in, one JSON document. */
export const STAFFED_HOURS_KEY = "delivery_hours";

/** The stored document; one that does not parse, or was never saved, is around the clock. */
export function staffedHoursOf(value: string | undefined): StaffedHours {
  if (value === undefined) return AROUND_THE_CLOCK;
  try {
    const parsed = JSON.parse(value) as Partial<StaffedHours>;
    if (typeof parsed.timeZone !== "string" || typeof parsed.days !== "object" || parsed.days === null) return AROUND_THE_CLOCK;
    const days: StaffedHours["days"] = {};
    for (const day of WEEKDAYS) if (Array.isArray(parsed.days[day])) days[day] = parsed.days[day];
    return { timeZone: parsed.timeZone, days };
  } catch {
    return AROUND_THE_CLOCK;
  }
}

export async function readStaffedHours(db: Pick<Tx, "selectFrom">): Promise<StaffedHours> {
  const row = await db.selectFrom("shop_settings").select("value").where("key", "=", STAFFED_HOURS_KEY).executeTakeFirst();
  return staffedHoursOf(row?.value);
}

export function createDeliveryTerms(db: Tx): DeliveryTerms {
  return {
    async productMinutes(orderId) {
      const rows = await db
        .selectFrom("order_items as oi")
        .leftJoin("products as p", "p.id", "oi.productId")
        .select("p.deliveryMinutes")
        .where("oi.orderId", "=", orderId)
        .execute();
      return rows.map((r) => (r.deliveryMinutes === null || r.deliveryMinutes === undefined ? null : Number(r.deliveryMinutes)));
    },
    staffedHours: () => readStaffedHours(db),
    async saveStaffedHours(hours, by, at) {
      const row = { key: STAFFED_HOURS_KEY, value: JSON.stringify(hours), updatedAt: at.toISOString(), updatedBy: by };
      await db
        .insertInto("shop_settings")
        .values(row)
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: row.value, updatedAt: row.updatedAt, updatedBy: row.updatedBy }))
        .execute();
    },
  };
}
