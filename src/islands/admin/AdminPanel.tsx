import * as Tabs from "@radix-ui/react-tabs";
import { useEffect, useState } from "react";
import { searchWithTab, tabFromSearch, tabsFor, type AdminTab } from "#src/lib/admin-tabs.ts";
import { $adminAccess, loadAdminAccess } from "#src/stores/admin-access.ts";
import { api } from "#src/lib/api-client.ts";
import { showToast } from "#src/stores/toast.ts";
import { useStore } from "@nanostores/react";
import { $deliveryQueue, ordersBadge } from "#src/stores/delivery-queue.ts";
import StaffNotices from "./StaffNotices.tsx";
import ActivityTab from "./ActivityTab.tsx";
import AnalyticsTab from "./AnalyticsTab.tsx";
import DiscountsTab from "./DiscountsTab.tsx";
import GamesTab from "./GamesTab.tsx";
import MailTab from "./MailTab.tsx";
import OrdersTab from "./OrdersTab.tsx";
import ProductsTab from "./ProductsTab.tsx";
import ReviewsTab from "./ReviewsTab.tsx";
import SupportTab from "./SupportTab.tsx";
import StaffTab from "./StaffTab.tsx";
import TwoFactorSetup from "./TwoFactorSetup.tsx";
import PasskeyList from "../PasskeyList.tsx";
import SessionList from "../SessionList.tsx";
import UsersTab from "./UsersTab.tsx";
import SettingsTab from "./settings/SettingsTab.tsx";
import { usePresenceHeartbeat } from "./use-presence-heartbeat.ts";
import { BusyButton } from "../ui/busy-button.tsx";

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
  staff: StaffTab,
  mail: MailTab,
  settings: SettingsTab,
};

/**
 * The logged-in panel: heading, Logout and the ten tabs (the spec's eight, Activity and Mail). The tab lives in the URL (?tab=...),
 * each change a history entry, so reload and the back button show the same tab.
 */
export default function AdminPanel({ onLoggedOut }: { onLoggedOut: () => void }) {
  const access = useStore($adminAccess);
  const tabs = tabsFor(access?.permissions ?? []);
  const [chosen, setTab] = useState<AdminTab>(() => tabFromSearch(window.location.search));
  // A tab the role does not allow (an old link, say) shows the first one it does.
  const tab = tabs.some((t) => t.key === chosen) ? chosen : (tabs[0]?.key ?? chosen);
  const [leaving, setLeaving] = useState(false);
  usePresenceHeartbeat(tab);

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
        <div className="flex flex-wrap items-center gap-2">
          {/* The Orders tab's count of orders to deliver stays current on every tab (StaffNotices). */}
          <StaffNotices />
          <details className="relative">
            <summary className="btn-secondary cursor-pointer list-none [&::-webkit-details-marker]:hidden">
              Two-factor: {access?.twoFactorEnabled ? "on" : "off"}
            </summary>
            <div className="card absolute right-0 z-30 mt-2 w-[min(24rem,calc(100vw-1.5rem))] p-4 shadow-xl">
              <TwoFactorSetup key={String(access?.twoFactorEnabled)} enabled={access?.twoFactorEnabled ?? false} onChanged={() => void loadAdminAccess()} />
            </div>
          </details>
          <details className="relative">
            <summary className="btn-secondary cursor-pointer list-none [&::-webkit-details-marker]:hidden">Sessions</summary>
            <div className="card absolute right-0 z-30 mt-2 max-h-[80vh] w-[min(24rem,calc(100vw-1.5rem))] space-y-6 overflow-y-auto p-4 shadow-xl">
              <SessionList />
              <PasskeyList />
            </div>
          </details>
          <BusyButton type="button" className="btn-secondary" onClick={logout} busy={leaving}>
            Logout
          </BusyButton>
        </div>
      </div>
      <Tabs.Root value={tab} onValueChange={choose} className="mt-6">
        {/* On a phone the tabs wrap onto more rows: a sideways-scrolling strip hides how many there are. */}
        <Tabs.List aria-label="Admin sections" className="flex flex-wrap gap-x-1 border-b border-ink-700">
          {tabs.map((t) => (
            <Tabs.Trigger
              key={t.key}
              value={t.key}
              className="-mb-px shrink-0 whitespace-nowrap border-b-2 border-transparent px-2.5 py-2 text-sm font-semibold sm:px-3 text-slate-300 hover:text-white data-[state=active]:border-brand-500 data-[state=active]:text-white"
            >
              {t.label}
              {t.key === "orders" && <DeliveryCount />}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((t) => {
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

/**
 * The Orders tab's count of work waiting: orders to deliver and orders held for a payment check
 * (before: a held order is paid and waits for staff too). Its own component, so that the queue's
 * refresh every QUEUE_POLL_MS re-renders this badge alone, not the whole panel (a re-render of the
 * open tab would interrupt what the administrator is doing there, a keyboard drag in Rank Products for one).
 */
function DeliveryCount() {
  const queue = useStore($deliveryQueue);
  if (!queue || queue === "error") return null;
  const { said, total, urgent } = ordersBadge(queue);
  if (total === 0) return null;
  // The words are the badge's aria-label (part of the tab's name), not a visually hidden child: an
  // absolutely positioned sr-only element in the tab list broke dnd-kit's keyboard drop in Rank Products.
  return (
    <>
      {" "}
      <span
        aria-label={said}
        className={`ml-1.5 inline-flex min-w-5 justify-center rounded-full px-1.5 text-xs font-bold ${urgent ? "bg-amber-500 text-ink-950" : "bg-brand-600 text-white"}`}
      >
        {total}
      </span>
    </>
  );
}
