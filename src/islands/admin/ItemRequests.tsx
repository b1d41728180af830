import { useStore } from "@nanostores/react";
import { formatDateTime } from "#src/lib/admin-ops.ts";
import { $games } from "#src/stores/admin-catalogue.ts";
import { $itemRequests, ITEM_REQUESTS_KEY, revalidate } from "#src/stores/admin-ops.ts";
import LinkItemRequest from "./LinkItemRequest.tsx";

/**
 * Items shoppers asked the shop to stock, newest first (GET /api/admin/item-requests). The endpoint
 * comes with another branch: until it answers, the section says so instead of breaking the tab.
 */
export default function ItemRequests() {
  const requests = useStore($itemRequests);
  const games = useStore($games).data ?? [];
  const gameName = (id: string) => games.find((g) => g.id === id)?.name ?? "A game no longer in the shop";
  const list = [...(requests.data ?? [])].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  return (
    <section aria-labelledby="item-requests-heading">
      <h2 id="item-requests-heading" className="text-xl font-bold">
        Item Requests
      </h2>
      {requests.loading && !requests.data && <p className="mt-4 text-slate-300">Loading item requests...</p>}
      {requests.error && !requests.data && (
        <p className="card mt-4 p-6 text-center text-slate-300" role="status">
          Item requests could not be loaded right now.
        </p>
      )}
      {requests.data && list.length === 0 && <p className="card mt-4 p-6 text-center text-slate-300">No item requests yet.</p>}
      <ul className="mt-4 space-y-2" aria-label="Item requests">
        {list.map((r) => (
          <li key={r.id} className="card p-3">
            <p className="font-semibold break-words">
              {r.itemName} <span className="text-sm font-normal text-slate-300">· {gameName(r.gameId)}</span>
            </p>
            {r.description && <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-200">{r.description}</p>}
            <p className="mt-1 text-xs break-all text-slate-400">
              {r.email} · {formatDateTime(r.createdAt)}
            </p>
            {r.productName ? (
              <p className="mt-1 text-sm text-emerald-300">Linked to {r.productName}: emailed when it is in stock.</p>
            ) : (
              <LinkItemRequest requestId={r.id} gameId={r.gameId} itemName={r.itemName} onLinked={() => void revalidate(ITEM_REQUESTS_KEY)} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
