import { listWebhookDeliveries } from "#read-models/webhooks/webhooks.queries.ts";
import type { WebhookDeliveryView } from "#read-models/webhooks/webhooks.views.ts";
import { webhookNotFound } from "#domain/webhooks/webhooks.errors.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, param, readQuery, route } from "#server/http.ts";
import { WebhookDeliveriesQuery } from "#server/schemas/webhooks.schemas.ts";

// One endpoint's deliveries, newest first, a page at a time (X-Total-Count).
export const GET = route(async (context) => {
  await requireAdmin(context, "webhooks");
  const page = readQuery(context.url, WebhookDeliveriesQuery);
  const found = await listWebhookDeliveries(context.locals.app.db, param(context, "id"), page);
  if (!found) throw webhookNotFound();
  return json({ deliveries: found.deliveries, total: found.total } satisfies { deliveries: WebhookDeliveryView[]; total: number }, 200, {
    "X-Total-Count": String(found.total),
  });
});
