import type { DeliveryTerms } from "#domain/fulfilment/delivery-terms.port.ts";
import { AROUND_THE_CLOCK, WEEKDAYS, type StaffedHours } from "#domain/fulfilment/staffed-hours.ts";
import type { Tx } from "../db/database.ts";
import { checkPausedMethods } from "#domain/fulfilment/paused-delivery-methods.ts";
import type { DeliveryMethod } from "#domain/catalogue/requirements.ts";

/** The shop_settings row of the paused delivery methods, a JSON list. */
export const PAUSED_METHODS_KEY = "paused_delivery_methods";

/** The stored list; one that does not parse, or was never saved, pauses nothing. */
export async function readPausedMethods(db: Pick<Tx, "selectFrom">): Promise<DeliveryMethod[]> {
  const row = await db.selectFrom("shop_settings").select("value").where("key", "=", PAUSED_METHODS_KEY).executeTakeFirst();
  try {
    const parsed: unknown = row ? JSON.parse(row.value) : [];
    return Array.isArray(parsed) ? checkPausedMethods(parsed.filter((m): m is string => typeof m === "string")) : [];
  } catch {
    return [];
  }
}

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
    pausedMethods: () => readPausedMethods(db),
    savePausedMethods: (methods, by, at) => saveSetting(PAUSED_METHODS_KEY, JSON.stringify(methods), by, at),
    saveStaffedHours: (hours, by, at) => saveSetting(STAFFED_HOURS_KEY, JSON.stringify(hours), by, at),
  };

  async function saveSetting(key: string, value: string, by: string, at: Date) {
    const row = { key, value, updatedAt: at.toISOString(), updatedBy: by };
    await db
      .insertInto("shop_settings")
      .values(row)
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: row.value, updatedAt: row.updatedAt, updatedBy: row.updatedBy }))
      .execute();
  }
}
