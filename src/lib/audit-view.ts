/**
 * The Activity tab's words for an audit entry (issue 23): a kind as the spec's notifications name it
 * ("Product Updated"), the changed thing by its name, and before/after as a list of changed fields
 * instead of raw JSON.
 */

const ENTITY: Record<string, string> = {
  order: "Order",
  product: "Product",
  game: "Game",
  category: "Category",
  discount: "Discount Code",
  storeCredit: "Store Credit",
  submission: "Review Submission",
  rating: "Rating",
  conversation: "Support Conversation",
  webhook: "Webhook",
};
const VERB: Record<string, string> = {
  create: "Created",
  update: "Updated",
  delete: "Deleted",
  duplicate: "Duplicated",
  reorder: "Reordered",
  status: "Status Changed",
  adjust: "Adjusted",
  decide: "Decided",
  close: "Closed",
  rename: "Renamed",
  moderate: "Moderated",
  resume: "Resumed",
  pause: "Paused",
};

/** "product.update" -> "Product Updated"; "product.reorder" -> "Products Reordered". */
export function auditKindLabel(kind: string): string {
  const [entity = "", verb = ""] = kind.split(".");
  const noun = ENTITY[entity] ?? entity;
  const done = VERB[verb] ?? verb;
  return verb === "reorder" ? `${noun === "Category" ? "Categories" : `${noun}s`} ${done}` : `${noun} ${done}`;
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
