import { useStore } from "@nanostores/react";
import { useCallback, useState } from "react";
import type { LiveVisitor } from "#domain/analytics/live-visitor.ts";
import { formatDateTime, recentDays } from "#src/lib/admin-ops.ts";
import { shortId } from "#domain/shared/short-id.ts";
import { api } from "#src/lib/api-client.ts";
import { usePolling } from "#src/lib/use-polling.ts";
import { $games, $products } from "#src/stores/admin-catalogue.ts";
import { $analytics, $newCustomers, $pageVisits, $topPages } from "#src/stores/admin-ops.ts";
import Pager from "./Pager.tsx";
import { PageLabel } from "./PageLabel.tsx";
import { pageName } from "#src/lib/page-names.ts";

const minutes = (value: number | null) => (value === null ? "–" : `${Math.round(value * 10) / 10} min`);
const percent = (value: number | null) => (value === null ? "–" : `${Math.round(value * 100)}%`);

/** The spec's polling interval for live visitors (admin-panel.md 9). */
export const LIVE_VISITORS_POLL_MS = 10_000;
/** New customers and recent page views, a page at a time (their endpoints answer a bounded recent list). */
const LIST_PAGE = 10;

/**
 * Summary cards, orders and revenue per day (the 10 most recent of the last 30 days), new customers
 * with their cart activity, live visitors (polled every 10 s), top pages and recent page views.
 * One column on a phone.
 */
export default function AnalyticsTab() {
  const summary = useStore($analytics);
  const topPages = useStore($topPages);
  const visits = useStore($pageVisits);
  const customers = useStore($newCustomers);
  const products = useStore($products).data ?? [];
  const games = useStore($games).data ?? [];
  const [customersPage, setCustomersPage] = useState(0);
  const [visitsPage, setVisitsPage] = useState(0);
  const page = (path: string) => <PageLabel name={pageName(path, { products, games })} path={path} />;
  const [live, setLive] = useState<LiveVisitor[] | null>(null);
  const loadLive = useCallback(async () => setLive(await api.get<LiveVisitor[]>("/api/analytics/live-visitors")), []);
  usePolling(loadLive, LIVE_VISITORS_POLL_MS, true);

  const s = summary.data;
  const cards: Array<[string, string | number, string]> = s
    ? [
        ["Total Orders", s.totalOrders, `${s.todayOrders} today`],
        ["Total Revenue", `$${s.totalRevenue}`, `$${s.todayRevenue} today`],
        ["Total Users", s.totalUsers, `${s.todayNewUsers} new today`],
        ["Open Support Chats", s.activeSupportConversations, "active conversations"],
        ["Page Visits", s.totalPageVisits, `${s.todayPageVisits} today`],
        ["Unique Visitors", s.totalUniqueVisitors, `${s.todayUniqueVisitors} today`],
        // The delivery promise (issue 21), over the last 30 days.
        ["Median Delivery", minutes(s.medianDeliveryMinutes), `${minutes(s.todayMedianDeliveryMinutes)} today · 30 days`],
        ["Delivered in Time", percent(s.deliveredWithinSlaRate), `${percent(s.todayDeliveredWithinSlaRate)} today · 30 days`],
        ["Late Orders", s.lateOrders, `${s.todayLateOrders} today · 30 days`],
        // Risk checks and chargebacks (issue 37), over the last 30 days.
        ["Orders Held for Review", s.heldOrders, `${s.todayHeldOrders} today · 30 days`],
        ["Held Orders Approved / Rejected", `${s.approvedOrders} / ${s.rejectedOrders}`, "decisions · 30 days"],
        ["Disputes / Reversals", `${s.disputes} / ${s.reversals}`, "chargebacks · 30 days"],
        ["Lost to Chargebacks", `$${s.chargebackLosses}`, `$${s.todayChargebackLosses} today · 30 days`],
      ]
    : [];

  return (
    <div className="space-y-8">
      <section aria-labelledby="analytics-heading">
        <h2 id="analytics-heading" className="text-xl font-bold">
          Analytics
        </h2>
        {summary.loading && !s && <p className="mt-4 text-slate-300">Loading analytics...</p>}
        {summary.error && !s && (
          <p className="mt-4 text-red-300" role="alert">
            Analytics could not be loaded.
          </p>
        )}
        <dl className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-3">
          {cards.map(([label, value, hint]) => (
            <div key={label} className="card p-4">
              <dt className="text-sm text-slate-300">{label}</dt>
              <dd className="mt-1 text-2xl font-extrabold">{value}</dd>
              <dd className="text-xs text-slate-400">{hint}</dd>
            </div>
          ))}
        </dl>
      </section>

      {s && (
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
          <BarList title="Orders per Day" rows={recentDays(s.ordersByDay).map(([day, n]) => [day, n, String(n)])} />
          <BarList title="Revenue per Day" rows={recentDays(s.revenueByDay).map(([day, v]) => [day, Number(v), `$${v}`])} />
          <section className="card p-4" aria-label="Delivery per Day">
            <h3 className="font-bold">Delivery per Day</h3>
            {Object.keys(s.deliveryByDay).length === 0 && <p className="mt-2 text-sm text-slate-300">No deliveries in the last 30 days.</p>}
            <ul className="mt-2 divide-y divide-ink-700 text-sm">
              {recentDays(s.deliveryByDay).map(([day, d]) => (
                <li key={day} className="flex flex-wrap gap-x-3 py-1">
                  <span className="text-slate-300">{day}</span>
                  <span className="min-w-0 flex-1">
                    {d.delivered} delivered · median {minutes(d.medianDeliveryMinutes)} · {percent(d.deliveredWithinSlaRate)} in time
                  </span>
                  <span className={d.lateOrders > 0 ? "font-semibold text-amber-200" : "text-slate-400"}>{d.lateOrders} late</span>
                </li>
              ))}
            </ul>
          </section>
        </div>
      )}

      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <section className="card min-w-0 p-4" aria-labelledby="live-heading">
          <h3 id="live-heading" className="font-bold">
            Live Visitors {live && <span className="text-slate-300">({live.length})</span>}
          </h3>
          {live?.length === 0 && <p className="mt-2 text-sm text-slate-300">Nobody in the last 5 minutes.</p>}
          <ul className="mt-2 space-y-1 text-sm">
            {live?.map((v) => (
              <li key={v.sessionId} className="flex flex-wrap gap-x-2">
                {page(v.lastPage)}
                <span className="text-slate-400">{v.userId ? `user ${shortId(v.userId)}` : `guest ${shortId(v.sessionId)}`}</span>
                <span className="whitespace-nowrap text-slate-400">{formatDateTime(v.lastVisit)}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className="card min-w-0 p-4" aria-labelledby="top-pages-heading">
          <h3 id="top-pages-heading" className="font-bold">
            Top Pages
          </h3>
          {topPages.data?.length === 0 && <p className="mt-2 text-sm text-slate-300">No page views yet.</p>}
          <ol className="mt-2 space-y-1 text-sm">
            {topPages.data?.map((p) => (
              <li key={p.page} className="flex gap-2">
                {page(p.page)}
                <span className="shrink-0 font-semibold">{p.count}</span>
              </li>
            ))}
          </ol>
        </section>
      </div>

      <section className="card p-4" aria-labelledby="new-customers-heading">
        <h3 id="new-customers-heading" className="font-bold">
          New Customers (last 24 hours)
        </h3>
        {customers.data?.length === 0 && <p className="mt-2 text-sm text-slate-300">No new customers in the last 24 hours.</p>}
        <ul className="mt-2 space-y-3 text-sm">
          {customers.data?.slice(customersPage * LIST_PAGE, (customersPage + 1) * LIST_PAGE).map((c) => (
            <li key={c.userId}>
              <p className="flex flex-wrap gap-x-2">
                <span className="w-full font-semibold break-all sm:w-auto sm:min-w-0 sm:flex-1">{c.email}</span>
                <span>cart ${c.totalCartValue}</span>
                <span className="text-slate-400">{formatDateTime(c.registeredAt)}</span>
              </p>
              {c.cartActivities.length > 0 && (
                <ul className="ml-4 list-disc text-slate-300">
                  {c.cartActivities.map((a, i) => (
                    <li key={i}>
                      {a.quantity} × {a.productName} (${a.price})
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
        <Pager label="New customers pages" page={customersPage} pageSize={LIST_PAGE} total={customers.data?.length ?? 0} onPage={setCustomersPage} />
      </section>

      <section className="card p-4" aria-labelledby="page-views-heading">
        <h3 id="page-views-heading" className="font-bold">
          Recent Page Views
        </h3>
        {visits.data?.length === 0 && <p className="mt-2 text-sm text-slate-300">No page views yet.</p>}
        <ul className="mt-2 divide-y divide-ink-700 text-sm">
          {visits.data?.slice(visitsPage * LIST_PAGE, (visitsPage + 1) * LIST_PAGE).map((v) => (
            <li key={v.id} className="flex flex-wrap gap-x-3 py-1">
              {page(v.page)}
              <span className="whitespace-nowrap text-slate-400">{formatDateTime(v.createdAt)}</span>
            </li>
          ))}
        </ul>
        <Pager label="Page views pages" page={visitsPage} pageSize={LIST_PAGE} total={visits.data?.length ?? 0} onPage={setVisitsPage} />
      </section>
    </div>
  );
}

function BarList({ title, rows }: { title: string; rows: Array<[string, number, string]> }) {
  const max = Math.max(1, ...rows.map(([, value]) => value));
  return (
    <section className="card p-4" aria-label={title}>
      <h3 className="font-bold">{title}</h3>
      {rows.length === 0 && <p className="mt-2 text-sm text-slate-300">No data for the last 30 days.</p>}
      <ul className="mt-2 space-y-1 text-sm">
        {rows.map(([day, value, label]) => (
          <li key={day} className="grid grid-cols-[5.5rem_minmax(0,1fr)_auto] items-center gap-2">
            <span className="text-slate-300">{day}</span>
            <span className="h-3 rounded bg-ink-800">
              <span className="block h-3 rounded bg-brand-500" style={{ width: `${(value / max) * 100}%` }} />
            </span>
            <span className="text-right font-semibold">{label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
