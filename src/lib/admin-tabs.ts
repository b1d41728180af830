/** The admin panel's tabs (admin-panel.md 2, plus Activity and Mail), in the order shown; Orders is the default. */
export const ADMIN_TABS = [
  { key: "orders", label: "Orders" },
  { key: "products", label: "Products" },
  { key: "submissions", label: "Reviews" },
  { key: "games", label: "Games" },
  { key: "discount-codes", label: "Discounts" },
  { key: "users", label: "Users" },
  { key: "support", label: "Support" },
  { key: "analytics", label: "Analytics" },
  // Not in the spec: the audit trail of administrator changes (issue 10).
  { key: "activity", label: "Activity" },
  // Not in the spec: the emails the store sent or will send (issue 19).
  { key: "mail", label: "Mail" },
] as const;

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
