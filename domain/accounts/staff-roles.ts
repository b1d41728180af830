/**
 * Staff roles and what each may do (issue 20). Every staff member keeps the spec's isAdmin (so
 * /api/auth/check and the panel's login behave as the spec says); the role decides which admin
 * calls they may make, checked on the server for every call (src/server/guards.ts).
 *
 * - owner: everything, including staff and outgoing webhooks (issue 38: they send the shop's order
 *   facts to another service, and their secrets sign what that service trusts).
 * - manager: the catalogue, orders, refunds, discount codes, store credit, reviews, ratings, support,
 *   analytics, the audit trail and the shop's settings (issue 36); not staff, not the Mail tab
 *   (issue 32: emails carry other people's links).
 * - support: orders (read, status, order chat), support conversations, item requests and review
 *   screenshots; buyers' ratings to read only (what the shop publishes in its name is a manager's
 *   call: "ratings"); nothing that moves money or changes what is sold.
 */
export const STAFF_ROLES = ["owner", "manager", "support"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = {
  orders: "see and work orders (status, order chat)",
  refunds: "refund orders",
  risk: "decide orders held for a payment check, change risk settings and the blocklist",
  catalogue: "change games, categories, products and prices",
  "discount-codes": "manage discount codes",
  "store-credit": "grant store credit",
  users: "see customer accounts",
  reviews: "moderate review screenshots",
  ratings: "publish, hide and answer buyers' ratings",
  support: "answer support conversations",
  "item-requests": "answer item requests",
  analytics: "see analytics",
  audit: "see the audit trail",
  mail: "read the emails the store sends",
  staff: "manage staff",
  settings: "change what the shop tells shoppers (announcement, sale, support hours, shop-wide figures)",
  webhooks: "add and remove outgoing webhooks (they send order facts out of the shop)",
} as const;
export type Permission = keyof typeof PERMISSIONS;

const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: Object.keys(PERMISSIONS) as Permission[],
  // Not "mail" (issue 32): the emails the store sends carry other people's links; the owner's alone by default.
  manager: [
    "orders",
    "refunds",
    "risk",
    "catalogue",
    "discount-codes",
    "store-credit",
    "users",
    "reviews",
    "ratings",
    "support",
    "item-requests",
    "analytics",
    "audit",
    "settings",
  ],
  support: ["orders", "support", "item-requests", "reviews"],
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

/** What a role may do; a staff member without a recorded role (an administrator from before roles) is an owner. */
export function permissionsOf(role: StaffRole): readonly Permission[] {
  return ROLE_PERMISSIONS[role];
}

export function roleAllows(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}
