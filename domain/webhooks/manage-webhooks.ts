import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { MAX_WEBHOOK_ENDPOINTS, type WebhookEvent, type WebhookFormat } from "./webhook.ts";
import type { WebhookRepositories, WebhookSecrets, WebhookTargets } from "./webhook.port.ts";
import { webhookLimit, webhookNotFound, webhookTargetRefused } from "./webhooks.errors.ts";

export interface ManageWebhooksDeps {
  /** The module hands each use case one that audits its change (webhooks.module.ts). */
  unitOfWork: UnitOfWork<WebhookRepositories>;
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
  const id = deps.ids.newId();
  const secret = input.secret ?? deps.secrets.newSecret();
  const events = [...new Set(input.events)];
  await deps.unitOfWork.run(async ({ endpoints }) => {
    if ((await endpoints.count()) >= MAX_WEBHOOK_ENDPOINTS) throw webhookLimit();
    await endpoints.add({ id, url: input.url, format: input.format, events, status: "active", secret, createdAt: deps.clock.now(), createdBy: ownerId });
    return { id };
  });
  return { id, secret };
}

/** Removes an endpoint and its deliveries; 404 when unknown. */
export async function removeWebhook(id: string, deps: Pick<ManageWebhooksDeps, "unitOfWork">): Promise<void> {
  await deps.unitOfWork.run(async ({ endpoints }) => {
    if (!(await endpoints.remove(id))) throw webhookNotFound();
  });
}

/** Sends to a paused endpoint again: its waiting deliveries go out at the next round. */
export async function resumeWebhook(id: string, deps: Pick<ManageWebhooksDeps, "unitOfWork">): Promise<void> {
  await deps.unitOfWork.run(async ({ endpoints }) => {
    if (!(await endpoints.resume(id))) throw webhookNotFound();
  });
}
