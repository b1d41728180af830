import type { Permission } from "#domain/accounts/staff-roles.ts";

/**
 * The admin panel's tabs (admin-panel.md 2, plus Activity, Mail and Staff), in the order shown; Orders is
 * the default. Each names the permission its calls need (issue 20): the panel shows a staff member
 * only the tabs their role allows, and the server refuses the rest anyway.
 */
export const ADMIN_TABS = [
  { key: "orders", label: "Orders", permission: "orders" },
  { key: "products", label: "Products", permission: "catalogue" },
  { key: "submissions", label: "Reviews", permission: "reviews" },
  { key: "games", label: "Games", permission: "catalogue" },
  { key: "discount-codes", label: "Discounts", permission: "discount-codes" },
  { key: "users", label: "Users", permission: "users" },
  { key: "support", label: "Support", permission: "support" },
  { key: "analytics", label: "Analytics", permission: "analytics" },
  // Not in the spec: the audit trail of administrator changes (issue 10) and staff roles (issue 20).
  { key: "activity", label: "Activity", permission: "audit" },
  // Not in the spec: the emails the store sent or will send (issue 19).
  { key: "mail", label: "Mail", permission: "mail" },
  { key: "staff", label: "Staff", permission: "staff" },
  // Not in the spec: what the shop tells shoppers in the owner's words (issue 36).
  { key: "settings", label: "Settings", permission: "settings" },
] as const satisfies readonly { key: string; label: string; permission: Permission }[];

/** The tabs a staff member's permissions allow, in the panel's order. */
export function tabsFor(permissions: readonly Permission[]): (typeof ADMIN_TABS)[number][] {
  return ADMIN_TABS.filter((tab) => permissions.includes(tab.permission));
}

export type AdminTab = (typeof ADMIN_TABS)[number]["key"];

export const DEFAULT_TAB: AdminTab = "orders";

export function isAdminTab(value: string | null | undefined): value is AdminTab {
  return ADMIN_TABS.some((tab) => tab.key === value);
}

/** The tab a URL's query names (?tab=games); the default for none or an unknown one. */
export function tabFromSearch(search: string): AdminTab {
  const tab = new URLSearchParams(search).get("tab");
  return isAdminTab(tab) ? tab : DEFAULT_TAB;
}

/** The URL (path and query) that shows a tab, keeping the other query values; the default tab drops ?tab. */
export function searchWithTab(search: string, tab: AdminTab): string {
  const params = new URLSearchParams(search);
  if (tab === DEFAULT_TAB) params.delete("tab");
  else params.set("tab", tab);
  const text = params.toString();
  return text ? `?${text}` : "";
}
