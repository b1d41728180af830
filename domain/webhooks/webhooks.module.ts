import type { AuditActor, AuditKind } from "../audit/audit-entry.ts";
import { auditedUnitOfWork } from "../audit/audited-unit-of-work.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { deliverDueWebhooks } from "./deliver-webhooks.ts";
import { addWebhook, removeWebhook, resumeWebhook, type NewWebhook } from "./manage-webhooks.ts";
import type { WebhookQueue, WebhookRepositories, WebhookSecrets, WebhookSender, WebhookTargets } from "./webhook.port.ts";

export interface WebhooksModuleDeps {
  /** The endpoints and the audit trail in one transaction. */
  unitOfWork: UnitOfWork<WebhookRepositories>;
  queue: WebhookQueue;
  sender: WebhookSender;
  targets: WebhookTargets;
  secrets: WebhookSecrets;
  clock: Clock;
  ids: IdGenerator;
  batchSize: number;
  leaseMs: number;
}

const createdId = (result: unknown): string => (result as { id: string }).id;

/**
 * Outgoing webhooks (issue 38): `app.webhooks.addWebhook(...)`, and the worker's round. Each change
 * the owner makes is recorded in the audit trail in its own transaction, the endpoint as
 * AuditedWebhook shows it (never its secret).
 */
export function createWebhooksModule(deps: WebhooksModuleDeps) {
  const audited = (actor: AuditActor, kind: AuditKind, entityId: string | ((result: unknown) => string)) =>
    auditedUnitOfWork(deps.unitOfWork, { actor, kind, entityId, read: (repositories, id) => repositories.endpoints.find(id) }, deps.clock);
  return {
    addWebhook: (input: NewWebhook, actor: AuditActor) => addWebhook(input, actor.id, { ...deps, unitOfWork: audited(actor, "webhook.create", createdId) }),
    removeWebhook: (id: string, actor: AuditActor) => removeWebhook(id, { unitOfWork: audited(actor, "webhook.delete", id) }),
    resumeWebhook: (id: string, actor: AuditActor) => resumeWebhook(id, { unitOfWork: audited(actor, "webhook.resume", id) }),
    deliverDueWebhooks: () => deliverDueWebhooks(deps.batchSize, deps),
  };
}

export type WebhooksModule = ReturnType<typeof createWebhooksModule>;
