import * as z from "zod";
import { WEBHOOK_EVENTS, WEBHOOK_FORMATS } from "#domain/webhooks/webhook.ts";

/** POST /api/admin/webhooks: where, what and how; the secret is generated when left out. */
export const WebhookInput = z.object({
  url: z.string().trim().min(1).max(500),
  format: z.enum(WEBHOOK_FORMATS).default("json"),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, "Choose at least one event").max(WEBHOOK_EVENTS.length),
  secret: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || v.length >= 24, "A secret of your own needs at least 24 characters (or leave it empty to have one made)"),
});

/** PATCH /api/admin/webhooks/[id]: the one change there is, sending to a paused endpoint again. */
export const WebhookChange = z.object({ status: z.literal("active") });

/** GET /api/admin/webhooks/[id]/deliveries?offset=&limit= */
export const WebhookDeliveriesQuery = z.object({
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
