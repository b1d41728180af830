import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import { deliverDueWebhooks } from "./deliver-webhooks.ts";
import { addWebhook, removeWebhook, resumeWebhook, type NewWebhook } from "./manage-webhooks.ts";
import type { WebhookEndpoints, WebhookQueue, WebhookSecrets, WebhookSender, WebhookTargets } from "./webhook.port.ts";

export interface WebhooksModuleDeps {
  endpoints: WebhookEndpoints;
  queue: WebhookQueue;
  sender: WebhookSender;
  targets: WebhookTargets;
  secrets: WebhookSecrets;
  clock: Clock;
  ids: IdGenerator;
  batchSize: number;
  leaseMs: number;
}

/** Outgoing webhooks (issue 38): `app.webhooks.addWebhook(...)`, and the worker's round. */
export function createWebhooksModule(deps: WebhooksModuleDeps) {
  return {
    addWebhook: (input: NewWebhook, ownerId: string) => addWebhook(input, ownerId, deps),
    removeWebhook: (id: string) => removeWebhook(id, deps),
    resumeWebhook: (id: string) => resumeWebhook(id, deps),
    deliverDueWebhooks: () => deliverDueWebhooks(deps.batchSize, deps),
  };
}

export type WebhooksModule = ReturnType<typeof createWebhooksModule>;
