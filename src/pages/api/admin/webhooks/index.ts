import { listWebhooks, webhookById } from "#read-models/webhooks/webhooks.queries.ts";
import type { CreatedWebhookView, WebhookView } from "#read-models/webhooks/webhooks.views.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, readJson, route } from "#server/http.ts";
import { WebhookInput } from "#server/schemas/webhooks.schemas.ts";

// Outgoing webhooks (issue 38): the owner's alone ("webhooks" is no other role's permission).
export const GET = route(async (context) => {
  await requireAdmin(context, "webhooks");
  return json({ webhooks: await listWebhooks(context.locals.app.db) } satisfies { webhooks: WebhookView[] });
});

// The secret is in this answer only: the list never shows it again.
export const POST = route(async (context) => {
  const owner = await requireAdmin(context, "webhooks");
  const input = await readJson(context.request, WebhookInput);
  const { app } = context.locals;
  const { id, secret } = await app.webhooks.addWebhook(input, owner);
  const webhook = await webhookById(app.db, id);
  return json({ webhook: webhook!, secret } satisfies CreatedWebhookView, 201);
});
