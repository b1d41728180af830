import * as z from "zod";

/** Optional owner text: blank means "not set" (null). */
const text = (max: number) =>
  z
    .union([z.null(), z.string().trim().max(max)])
    .optional()
    .transform((value) => value || null);

const instant = z.iso.datetime({ offset: true, message: "must be a date and time" }).transform((value) => new Date(value).toISOString());

export const ScheduledSaleInput = z.strictObject({
  text: z.string().trim().min(1, "The sale needs its text").max(160),
  startsAt: instant,
  endsAt: instant,
  discountCode: text(40),
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

/** POST /api/admin/presence: which of the panel's answering tabs is open. */
export const PresenceInput = z.object({ tab: z.enum(["support", "orders"]) });
