import * as z from "zod";
import { centsFromDecimal } from "#domain/shared/money.ts";
import { MAX_SALE_PERCENT } from "#domain/shop-facts/sale-price.ts";
import { MAX_ENDORSEMENTS } from "#domain/shop-facts/shop-settings.ts";

/** Optional owner text: blank means "not set" (null). */
const text = (max: number) =>
  z
    .union([z.null(), z.string().trim().max(max)])
    .optional()
    .transform((value) => value || null);

/** The games or products a sale lowers: distinct ids, a bounded list. */
const ids = z
  .array(z.string().trim().min(1).max(64))
  .max(200)
  .default([])
  .transform((list) => [...new Set(list)]);

const instant = z.iso.datetime({ offset: true, message: "must be a date and time" }).transform((value) => new Date(value).toISOString());

export const ScheduledSaleInput = z.strictObject({
  text: z.string().trim().min(1, "The sale needs its text").max(160),
  startsAt: instant,
  endsAt: instant,
  discountCode: text(40),
  /** Whole percent off the chosen games' and products' prices while the sale runs (domain/shop-facts/sale-price.ts). */
  percentOff: z.number().int().min(1).max(MAX_SALE_PERCENT).nullable().default(null),
  gameIds: ids,
  productIds: ids,
});

/** PUT /api/admin/settings/announcement */
export const AnnouncementSettingsInput = z.strictObject({
  text: text(160),
  sale: ScheduledSaleInput.nullable().default(null),
});

/** PUT /api/admin/settings/support */
export const SupportHoursInput = z.strictObject({ hours: text(120) });

const statedFigure = z
  .strictObject({
    text: z.string().trim().min(1, "The figure needs its text").max(120),
    sourceUrl: z.url({ protocol: /^https?$/, message: "The source must be a web address (https://...)" }).max(500),
  })
  .nullable()
  .default(null);

/** PUT /api/admin/settings/figures: each figure with the page it comes from, or null. */
export const ShopFiguresInput = z.strictObject({ rating: statedFigure, customers: statedFigure });

/** PUT /api/admin/settings/endorsements: each creator with the page where they recommended the shop (issue 47). */
export const EndorsementsInput = z.strictObject({
  creators: z
    .array(
      z.strictObject({
        name: z.string().trim().min(1, "Each creator needs their name").max(60, "A creator's name is at most 60 characters"),
        sourceUrl: z.url({ protocol: /^https$/, message: "Each creator needs the https:// link where they recommended the shop" }).max(500),
      }),
    )
    .max(MAX_ENDORSEMENTS, `At most ${MAX_ENDORSEMENTS} creators`),
});

/** POST /api/admin/presence: which of the panel's answering tabs is open. */
export const PresenceInput = z.object({ tab: z.enum(["support", "orders"]) });

/** PUT /api/admin/settings/minors: `{ monthlyLimit: "25.00" }` (blank or null: no limit), kept in cents. */
export const MinorsSettingsInput = z
  .strictObject({
    monthlyLimit: z
      .union([z.null(), z.string().trim().max(12), z.number()])
      .optional()
      .transform((value, ctx) => {
        if (value === null || value === undefined || value === "") return null;
        const cents = centsFromDecimal(String(value));
        if (cents === null || cents <= 0) {
          ctx.addIssue({ code: "custom", message: "The monthly limit must be an amount like 25.00, or blank for none" });
          return z.NEVER;
        }
        return cents;
      }),
  })
  .transform(({ monthlyLimit }) => ({ monthlyLimitCents: monthlyLimit }));
