import { requireAdmin } from "#server/guards.ts";
import { noContent, param, readJson, route } from "#server/http.ts";
import { WebhookChange } from "#server/schemas/webhooks.schemas.ts";

// Resume a paused endpoint: its waiting deliveries go out at the next round.
export const PATCH = route(async (context) => {
  const owner = await requireAdmin(context, "webhooks");
  await readJson(context.request, WebhookChange);
  await context.locals.app.webhooks.resumeWebhook(param(context, "id"), owner);
  return noContent();
});

export const DELETE = route(async (context) => {
  const owner = await requireAdmin(context, "webhooks");
  await context.locals.app.webhooks.removeWebhook(param(context, "id"), owner);
  return noContent();
});
