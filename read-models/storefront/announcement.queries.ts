import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { normalizeCode } from "#domain/promotions/discount-code.ts";
import { saleRunsAt, type AnnouncementSettings } from "#domain/shop-facts/shop-settings.ts";
import type { AnnouncementBarView, AnnouncementView } from "./announcement.views.ts";
import { readShopSettings } from "./shop-settings.query.ts";

/**
 * The bar's content at `now`: the scheduled sale unless it is over, and the owner's standing text.
 * "Up to N% off" is the sale's discount code's percentage while that code is active, otherwise not
 * said: a fixed-amount code or a switched-off one is no percentage on sale.
 */
export async function readAnnouncementBar(db: Kysely<Database>, now: Date): Promise<AnnouncementBarView> {
  const { announcement } = await readShopSettings(db);
  return announcementBar(announcement, now, await percentOfCode(db, announcement.sale?.discountCode ?? null));
}

/** GET /api/announcement: the running sale, else the standing text, else null (204). */
export async function readAnnouncement(db: Kysely<Database>, now: Date): Promise<AnnouncementView | null> {
  const bar = await readAnnouncementBar(db, now);
  if (bar.sale && saleRunsAt(bar.sale, now)) return { text: bar.sale.text, endsAt: bar.sale.endsAt, maxDiscountPercent: bar.sale.maxDiscountPercent };
  return bar.standing;
}

export function announcementBar(settings: AnnouncementSettings, now: Date, codePercent: number | null): AnnouncementBarView {
  const { sale, text } = settings;
  const saleShown = sale !== null && Date.parse(sale.endsAt) > now.getTime();
  return {
    sale: saleShown ? { text: sale.text, startsAt: sale.startsAt, endsAt: sale.endsAt, maxDiscountPercent: codePercent } : null,
    standing: text ? { text, endsAt: null, maxDiscountPercent: null } : null,
  };
}

async function percentOfCode(db: Kysely<Database>, code: string | null): Promise<number | null> {
  if (code === null) return null;
  const row = await db.selectFrom("discount_codes").select(["type", "amount", "status"]).where("code", "=", normalizeCode(code)).executeTakeFirst();
  return row && row.status === "active" && row.type === "percentage" ? row.amount : null;
}
