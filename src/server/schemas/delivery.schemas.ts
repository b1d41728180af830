import * as z from "zod";
import { WEEKDAYS } from "#domain/fulfilment/staffed-hours.ts";
import { DELIVERY_METHODS } from "#domain/catalogue/requirements.ts";
import { WAITING_NOTE_MAX } from "#domain/fulfilment/buyer-readiness.ts";

const time = z.string().regex(/^\d{2}:\d{2}$/, "Times are HH:MM, like 08:00");
const periods = z.array(z.tuple([time, time]), { error: 'Each day is a list of ["HH:MM", "HH:MM"] periods' }).max(6, "At most 6 periods a day");

/** PUT /api/admin/settings/delivery-hours: a weekly schedule in a time zone; no period at all: around the clock. */
export const StaffedHoursInput = z.strictObject({
  timeZone: z.string().trim().min(1, "The time zone is required (UTC, Europe/Berlin...)").max(64),
  days: z.strictObject(
    Object.fromEntries(WEEKDAYS.map((day) => [day, periods.optional()])) as Record<(typeof WEEKDAYS)[number], z.ZodOptional<typeof periods>>,
  ),
});

/** PUT /api/admin/settings/delivery-methods: the methods to pause (an empty list resumes them all). */
export const PausedMethodsInput = z.strictObject({
  paused: z
    .array(z.enum(DELIVERY_METHODS, { error: "paused lists delivery methods: trade, gift, private_server or gamepass" }))
    .max(DELIVERY_METHODS.length * 2),
});

/** POST /api/admin/orders/{id}/waiting-for-buyer */
export const WaitingForBuyerInput = z.object({ note: z.string().max(WAITING_NOTE_MAX, `The note is at most ${WAITING_NOTE_MAX} characters`).default("") });

/** POST /api/orders/{id}/cancel */
export const CancelOrderInput = z.object({ refundTo: z.enum(["payment", "credit"], { error: "refundTo must be payment or credit" }) });

/** POST /api/admin/orders/{id}/cancel-request */
export const CancelRequestAnswer = z.object({
  decision: z.enum(["grant", "refuse"], { error: "decision must be grant or refuse" }),
  note: z.string().max(500, "The note is at most 500 characters").default(""),
});
