import { useState } from "react";
import type { StockAlertView } from "#read-models/admin/stock-alerts.views.ts";
import { formatDateTime } from "#src/lib/admin-ops.ts";
import { usePagedList } from "#src/lib/use-paged-list.ts";
import { AdminSection } from "./AdminSection.tsx";
import { ListStatus } from "./ListStatus.tsx";
import Pager from "./Pager.tsx";

const PAGE_SIZE = 20;
const STATUS_TEXT: Record<StockAlertView["status"], string> = { waiting: "Waiting", notified: "Emailed", unsubscribed: "Unsubscribed" };

/** Who waits for what (issue 36): the back-in-stock alerts, newest first, a page at a time. */
export default function StockAlertsList() {
  const [status, setStatus] = useState("waiting");
  const list = usePagedList<StockAlertView>("/api/admin/stock-alerts", { status: status || undefined }, PAGE_SIZE);
  return (
    <AdminSection
      id="stock-alerts"
      title="Back-in-stock alerts"
      className="mt-10"
      alignTools="end"
      tools={
        <label className="text-sm font-medium">
          Show
          <select className="input mt-1" value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="waiting">Waiting</option>
            <option value="notified">Emailed</option>
            <option value="unsubscribed">Unsubscribed</option>
            <option value="">All</option>
          </select>
        </label>
      }
    >
      <ListStatus list={list} noun="alerts" spacing="mt-4" empty="Nobody is waiting here." error="Alerts could not be loaded right now." />
      <ul className="mt-4 space-y-2" aria-label="Back-in-stock alerts">
        {(list.rows ?? []).map((a) => (
          <li key={a.id} className="card p-3">
            <p className="font-semibold break-words">
              {a.productName} <span className="text-sm font-normal text-slate-300">· {STATUS_TEXT[a.status]}</span>
            </p>
            <p className="mt-1 text-xs break-all text-slate-400">
              {a.email} · asked {formatDateTime(a.createdAt)}
              {a.notifiedAt ? ` · emailed ${formatDateTime(a.notifiedAt)}` : ""}
              {a.itemRequestId ? " · from an item request" : ""}
            </p>
          </li>
        ))}
      </ul>
      <Pager label="Back-in-stock alerts pages" page={list.page} pageSize={PAGE_SIZE} total={list.total} capped={list.capped} onPage={list.setPage} />
    </AdminSection>
  );
}
