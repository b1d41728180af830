/** The kinds of administrator change the audit trail records (`<what>.<action>`). */
export const AUDIT_KINDS = [
  "order.status",
  "order.refund",
  "order.proof",
  "order.privateServer",
  "order.late",
  "order.risk",
  "order.readiness",
  "order.cancel",
  "settings.deliveryHours",
  "settings.deliveryMethods",
  "risk.settings",
  "blocklist.add",
  "blocklist.remove",
  "account.freezeClear",
  "product.create",
  "product.update",
  "product.delete",
  "product.duplicate",
  "product.reorder",
  "product.import",
  "game.create",
  "game.update",
  "game.delete",
  "game.reorder",
  "category.create",
  "category.delete",
  "category.rename",
  "category.reorder",
  "discount.create",
  "discount.update",
  "discount.delete",
  "storeCredit.adjust",
  "submission.decide",
  "rating.moderate",
  "conversation.close",
  "staff.role",
  "staff.invite",
  "staff.accept",
  "staff.signIn",
  "webhook.create",
  "webhook.delete",
  "webhook.resume",
  "webhook.pause",
  "holder.create",
  "holder.stock",
  "holder.lost",
  "holder.restore",
  "order.holder",
] as const;

export type AuditKind = (typeof AUDIT_KINDS)[number];

/** Who made a change: the signed-in administrator (or SYSTEM_ACTOR for the store's own jobs). */
export interface AuditActor {
  id: string;
  email: string;
}

/** The store itself, as the actor of what its background jobs change (late-order compensation). */
export const SYSTEM_ACTOR: AuditActor = { id: "system", email: "system" };

/** One recorded administrator change: who, when, what, and the values before and after. */
export interface AuditEntry {
  actor: AuditActor;
  at: Date;
  kind: AuditKind;
  entityId: string;
  /** The entity as it was (null when it did not exist yet). */
  before: unknown;
  /** The entity as it is now (null when it was deleted). */
  after: unknown;
}

/** Whether a change changed anything: values compared as JSON (what the trail stores). */
export function changedSomething(before: unknown, after: unknown): boolean {
  return JSON.stringify(before ?? null) !== JSON.stringify(after ?? null);
}
