import * as Tabs from "@radix-ui/react-tabs";
import { useEffect, useState } from "react";
import { ADMIN_TABS, searchWithTab, tabFromSearch, type AdminTab } from "../../lib/admin-tabs.ts";
import { api } from "../../lib/api-client.ts";
import { showToast } from "../../stores/toast.ts";
import ActivityTab from "./ActivityTab.tsx";
import AnalyticsTab from "./AnalyticsTab.tsx";
import DiscountsTab from "./DiscountsTab.tsx";
import GamesTab from "./GamesTab.tsx";
import MailTab from "./MailTab.tsx";
import OrdersTab from "./OrdersTab.tsx";
import ProductsTab from "./ProductsTab.tsx";
import ReviewsTab from "./ReviewsTab.tsx";
import SupportTab from "./SupportTab.tsx";
import UsersTab from "./UsersTab.tsx";

const TAB_SCREENS: Record<AdminTab, () => React.JSX.Element> = {
  orders: OrdersTab,
  products: ProductsTab,
  submissions: ReviewsTab,
  games: GamesTab,
  "discount-codes": DiscountsTab,
  users: UsersTab,
  support: SupportTab,
  analytics: AnalyticsTab,
  activity: ActivityTab,
  mail: MailTab,
};

/**
 * The logged-in panel: heading, Logout and the ten tabs (the spec's eight, Activity and Mail). The tab lives in the URL (?tab=...),
 * each change a history entry, so reload and the back button show the same tab.
 */
export default function AdminPanel({ onLoggedOut }: { onLoggedOut: () => void }) {
  const [tab, setTab] = useState<AdminTab>(() => tabFromSearch(window.location.search));
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    const follow = () => setTab(tabFromSearch(window.location.search));
    window.addEventListener("popstate", follow);
    return () => window.removeEventListener("popstate", follow);
  }, []);

  function choose(value: string) {
    const next = tabFromSearch(`?tab=${encodeURIComponent(value)}`);
    setTab(next);
    // Radix reports one click twice (pointer down, then focus): the URL, not the possibly stale
    // state, says whether this tab already has its history entry.
    if (tabFromSearch(window.location.search) === next) return;
    window.history.pushState(null, "", `${window.location.pathname}${searchWithTab(window.location.search, next)}`);
  }

  async function logout() {
    setLeaving(true);
    try {
      await api.post("/api/auth/logout");
    } catch (error) {
      console.error("logout failed", error);
    }
    showToast({ title: "Logged Out", description: "You have been logged out" });
    onLoggedOut();
  }

  return (
    <div className="mx-auto max-w-7xl px-3 py-6 sm:px-4 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold sm:text-3xl">Admin Panel</h1>
        <button type="button" className="btn-secondary" onClick={logout} disabled={leaving}>
          Logout
        </button>
      </div>
      <Tabs.Root value={tab} onValueChange={choose} className="mt-6">
        <Tabs.List aria-label="Admin sections" className="-mx-3 flex gap-1 overflow-x-auto border-b border-ink-700 px-3 sm:mx-0 sm:px-0">
          {ADMIN_TABS.map((t) => (
            <Tabs.Trigger
              key={t.key}
              value={t.key}
              className="shrink-0 whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm font-semibold text-slate-300 hover:text-white data-[state=active]:border-brand-500 data-[state=active]:text-white"
            >
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {ADMIN_TABS.map((t) => {
          const Screen = TAB_SCREENS[t.key];
          return (
            <Tabs.Content key={t.key} value={t.key} className="pt-6 focus-visible:outline-none">
              <Screen />
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
    </div>
  );
}
