import type { AuditKind } from "#domain/audit/audit-entry.ts";

/**
 * The Activity tab's words for an audit entry (issue 23): a kind as the spec's notifications name it
 * ("Product Updated"), the changed thing by its name, and before/after as a list of changed fields
 * instead of raw JSON.
 */

/**
 * Each kind's words, as the panel's notifications name them ("Product Updated"). One entry per
 * kind of the audit trail, so a new kind cannot reach the Activity tab as its raw key ("staff
 * signIn", issue 47): the type requires its label.
 */
const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  "order.status": "Order Status Changed",
  "order.holder": "Order Holder Changed",
  "holder.create": "Holder Added",
  "holder.stock": "Holder Stock Changed",
  "holder.lost": "Holder Lost",
  "holder.restore": "Holder Restored",
  "order.refund": "Order Refunded",
  "order.proof": "Delivery Proof Added",
  "order.privateServer": "Private Server Link Changed",
  "order.late": "Late Order Compensated",
  "order.risk": "Held Order Decided",
  "order.readiness": "Waiting For Buyer",
  "order.cancel": "Cancel Request Answered",
  "settings.deliveryHours": "Delivery Hours Changed",
  "settings.deliveryMethods": "Delivery Methods Paused Or Resumed",
  "risk.settings": "Risk Settings Changed",
  "blocklist.add": "Blocklist Entry Added",
  "blocklist.remove": "Blocklist Entry Removed",
  "account.freezeClear": "Account Hold Cleared",
  "product.create": "Product Created",
  "product.update": "Product Updated",
  "product.delete": "Product Deleted",
  "product.duplicate": "Product Duplicated",
  "product.reorder": "Products Reordered",
  "product.import": "Catalogue Imported",
  "game.create": "Game Created",
  "game.update": "Game Updated",
  "game.delete": "Game Deleted",
  "game.reorder": "Games Reordered",
  "category.create": "Category Created",
  "category.delete": "Category Deleted",
  "category.rename": "Category Renamed",
  "category.reorder": "Categories Reordered",
  "discount.create": "Discount Code Created",
  "discount.update": "Discount Code Updated",
  "discount.delete": "Discount Code Deleted",
  "storeCredit.adjust": "Store Credit Adjusted",
  "submission.decide": "Review Submission Decided",
  "rating.moderate": "Rating Moderated",
  "conversation.close": "Support Conversation Closed",
  "staff.role": "Staff Role Changed",
  "staff.invite": "Staff Invited",
  "staff.accept": "Staff Invitation Accepted",
  "staff.signIn": "Staff Signed In",
  "webhook.create": "Webhook Created",
  "webhook.delete": "Webhook Deleted",
  "webhook.resume": "Webhook Resumed",
  "webhook.pause": "Webhook Paused",
};

/** "product.update" -> "Product Updated"; a kind the trail no longer records (an old entry) in plain words from its key. */
export function auditKindLabel(kind: string): string {
  return (AUDIT_KIND_LABELS as Record<string, string>)[kind] ?? fieldLabel(kind.replace(".", " "));
}

const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** The name a person knows the changed thing by: its name, code or email (a webhook: its shortened URL), else null. */
export function auditEntityName(before: unknown, after: unknown): string | null {
  for (const side of [record(after), record(before)]) {
    if (!side) continue;
    for (const key of ["name", "code", "email", "robloxUsername", "title", "url"]) {
      const value = side[key];
      if (typeof value === "string" && value.trim() !== "") return value;
    }
  }
  return null;
}

/** "originalPrice" -> "Original price". */
function fieldLabel(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value as a short text: strings as they are, lists by their length, nothing as "—". */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") return value.length > 120 ? `${value.slice(0, 119)}…` : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return `${value.length} ${value.length === 1 ? "item" : "items"}`;
  return JSON.stringify(value).slice(0, 120);
}

export interface AuditChange {
  field: string;
  before: string;
  after: string;
}

/**
 * The fields whose value differs between before and after, in a stable order; a created thing lists
 * its fields with "—" before, a deleted one with "—" after. Ids and timestamps that only identify the
 * row are left out.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const a = record(before) ?? {};
  const b = record(after) ?? {};
  const skip = new Set(["id", "createdAt", "updatedAt"]);
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !skip.has(k));
  const changes = keys
    .filter((k) => JSON.stringify(a[k] ?? null) !== JSON.stringify(b[k] ?? null))
    .map((k) => ({ field: fieldLabel(k), before: auditValue(a[k]), after: auditValue(b[k]) }));
  // A list on either side (a reorder) is one change of its order.
  if (changes.length === 0 && (Array.isArray(before) || Array.isArray(after)) && JSON.stringify(before) !== JSON.stringify(after)) {
    return [{ field: "Order", before: auditValue(before), after: auditValue(after) }];
  }
  return changes;
}
