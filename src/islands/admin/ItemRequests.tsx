import type { ItemRequestView } from "#read-models/admin/item-requests.queries.ts";
import { formatDateTime } from "#src/lib/admin-ops.ts";
import { usePagedList } from "#src/lib/use-paged-list.ts";
import { AdminSection } from "./AdminSection.tsx";
import LinkItemRequest from "./LinkItemRequest.tsx";
import { ListStatus } from "./ListStatus.tsx";
import Pager from "./Pager.tsx";

const PAGE_SIZE = 20;

/** Items shoppers asked the shop to stock, newest first, a page at a time (GET /api/admin/item-requests). */
export default function ItemRequests() {
  const list = usePagedList<ItemRequestView>("/api/admin/item-requests", {}, PAGE_SIZE);
  return (
    <AdminSection id="item-requests" title="Item Requests">
      <ListStatus list={list} noun="item requests" spacing="mt-4" empty="No item requests yet." error="Item requests could not be loaded right now." />
      <ul className="mt-4 space-y-2" aria-label="Item requests">
        {(list.rows ?? []).map((r) => (
          <li key={r.id} className="card p-3">
            <p className="font-semibold break-words">
              {r.itemName} <span className="text-sm font-normal text-slate-300">· {r.gameName}</span>
            </p>
            {r.description && <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-200">{r.description}</p>}
            <p className="mt-1 text-xs break-all text-slate-400">
              {r.email} · {formatDateTime(r.createdAt)}
            </p>
            {r.productName ? (
              <p className="mt-1 text-sm text-emerald-300">Linked to {r.productName}: emailed when it is in stock.</p>
            ) : (
              <LinkItemRequest requestId={r.id} gameId={r.gameId} itemName={r.itemName} onLinked={list.reload} />
            )}
          </li>
        ))}
      </ul>
      <Pager label="Item requests pages" page={list.page} pageSize={PAGE_SIZE} total={list.total} capped={list.capped} onPage={list.setPage} />
    </AdminSection>
  );
}
