import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { normalizeCode } from "#domain/promotions/discount-code.ts";
import { saleRunsAt, type AnnouncementSettings, type ScheduledSale } from "#domain/shop-facts/shop-settings.ts";
import type { AnnouncementBarView, AnnouncementView } from "./announcement.views.ts";
import { readShopSettings } from "./shop-settings.query.ts";

/**
 * The bar's content at `now`: the scheduled sale unless it is over, and the owner's standing text.
 * "Up to N% off" is the largest discount actually on sale: the sale's own percentage when at least
 * one product is in what it names, and its discount code's percentage while that code is active.
 * Neither (a fixed-amount code, a switched-off one, a percentage on games with no products): not said.
 */
export async function readAnnouncementBar(db: Kysely<Database>, now: Date): Promise<AnnouncementBarView> {
  const { announcement } = await readShopSettings(db);
  const sale = announcement.sale;
  const percents = [await percentOfCode(db, sale?.discountCode ?? null), await percentOfSale(db, sale)].filter((p): p is number => p !== null);
  return announcementBar(announcement, now, percents.length > 0 ? Math.max(...percents) : null);
}

/** GET /api/announcement: the running sale, else the standing text, else null (204). */
export async function readAnnouncement(db: Kysely<Database>, now: Date): Promise<AnnouncementView | null> {
  const bar = await readAnnouncementBar(db, now);
  if (bar.sale && saleRunsAt(bar.sale, now)) return { text: bar.sale.text, endsAt: bar.sale.endsAt, maxDiscountPercent: bar.sale.maxDiscountPercent };
  return bar.standing;
}

export function announcementBar(settings: AnnouncementSettings, now: Date, maxPercent: number | null): AnnouncementBarView {
  const { sale, text } = settings;
  const saleShown = sale !== null && Date.parse(sale.endsAt) > now.getTime();
  return {
    sale: saleShown ? { text: sale.text, startsAt: sale.startsAt, endsAt: sale.endsAt, maxDiscountPercent: maxPercent } : null,
    standing: text ? { text, endsAt: null, maxDiscountPercent: null } : null,
  };
}

async function percentOfCode(db: Kysely<Database>, code: string | null): Promise<number | null> {
  if (code === null) return null;
  const row = await db.selectFrom("discount_codes").select(["type", "amount", "status"]).where("code", "=", normalizeCode(code)).executeTakeFirst();
  return row && row.status === "active" && row.type === "percentage" ? row.amount : null;
}

/** The sale's percentage when it lowers at least one product's price, else null. */
async function percentOfSale(db: Kysely<Database>, sale: ScheduledSale | null): Promise<number | null> {
  if (!sale?.percentOff) return null;
  const gameIds = sale.gameIds ?? [];
  const productIds = sale.productIds ?? [];
  if (gameIds.length + productIds.length === 0) return null;
  const row = await db
    .selectFrom("products")
    .select("id")
    .where((eb) => eb.or([...(gameIds.length ? [eb("gameId", "in", gameIds)] : []), ...(productIds.length ? [eb("id", "in", productIds)] : [])]))
    .limit(1)
    .executeTakeFirst();
  return row ? sale.percentOff : null;
}
