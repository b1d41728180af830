import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import { MAX_WEBHOOK_ENDPOINTS, type WebhookEvent, type WebhookFormat } from "./webhook.ts";
import type { WebhookEndpoints, WebhookSecrets, WebhookTargets } from "./webhook.port.ts";
import { webhookLimit, webhookNotFound, webhookTargetRefused } from "./webhooks.errors.ts";

export interface ManageWebhooksDeps {
  endpoints: WebhookEndpoints;
  targets: WebhookTargets;
  secrets: WebhookSecrets;
  clock: Clock;
  ids: IdGenerator;
}

export interface NewWebhook {
  url: string;
  format: WebhookFormat;
  events: WebhookEvent[];
  /** The owner's own secret, or null for a generated one. */
  secret: string | null;
}

/**
 * Adds an endpoint (owner only, checked by the route). Its URL must be one the shop may call
 * (WebhookTargets); the secret is answered here once and never again. At most MAX_WEBHOOK_ENDPOINTS.
 */
export async function addWebhook(input: NewWebhook, ownerId: string, deps: ManageWebhooksDeps): Promise<{ id: string; secret: string }> {
  const refusal = await deps.targets.refusal(input.url);
  if (refusal) throw webhookTargetRefused(refusal);
  if ((await deps.endpoints.count()) >= MAX_WEBHOOK_ENDPOINTS) throw webhookLimit();
  const id = deps.ids.newId();
  const secret = input.secret ?? deps.secrets.newSecret();
  const events = [...new Set(input.events)];
  await deps.endpoints.add({ id, url: input.url, format: input.format, events, status: "active", secret, createdAt: deps.clock.now(), createdBy: ownerId });
  return { id, secret };
}

/** Removes an endpoint and its deliveries; 404 when unknown. */
export async function removeWebhook(id: string, deps: Pick<ManageWebhooksDeps, "endpoints">): Promise<void> {
  if (!(await deps.endpoints.remove(id))) throw webhookNotFound();
}

/** Sends to a paused endpoint again: its waiting deliveries go out at the next round. */
export async function resumeWebhook(id: string, deps: Pick<ManageWebhooksDeps, "endpoints">): Promise<void> {
  if (!(await deps.endpoints.resume(id))) throw webhookNotFound();
}
