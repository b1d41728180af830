import { useCallback, useEffect, useState } from "react";
import type { OrderView } from "../../../read-models/shopping/shopping.views.ts";
import { formatDateTime, shortId } from "../../lib/admin-ops.ts";
import { api, ApiError, withQuery } from "../../lib/api-client.ts";
import { showToast } from "../../stores/toast.ts";
import { revalidateAudit } from "../../stores/admin-ops.ts";
import ChatPanel from "../ChatPanel.tsx";
import StatusBadge from "./StatusBadge.tsx";
import DeliveryQueue from "./DeliveryQueue.tsx";
import OrderTimeline from "../dashboard/OrderTimeline.tsx";
import { useStore } from "@nanostores/react";
import { $deliveryQueue, refreshDeliveryQueue } from "../../stores/delivery-queue.ts";

const STATUSES = ["pending", "processing", "completed", "cancelled"] as const;
export const ORDERS_PAGE_SIZE = 20;

/**
 * Two views: all orders (the spec's list, shown first) and the Delivery queue (paid orders not yet
 * delivered, by time left; its count is on the view's button and the tab).
 */
export default function OrdersTab() {
  const [view, setView] = useState<"queue" | "all">("all");
  const queue = useStore($deliveryQueue);
  const count = queue && queue !== "error" ? queue.count : null;
  const viewButton = (value: "queue" | "all", label: string) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => setView(value)}
      className="rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-300 hover:text-white aria-pressed:bg-brand-600 aria-pressed:text-white"
    >
      {label}
    </button>
  );
  return (
    <>
      <div className="card mb-4 inline-flex flex-wrap gap-1 p-1" role="group" aria-label="Orders view">
        {viewButton("all", "All orders")}
        {viewButton("queue", count === null ? "Delivery queue" : `Delivery queue (${count})`)}
      </div>
      {view === "queue" ? (
        <section aria-labelledby="delivery-heading">
          <h2 id="delivery-heading" className="text-xl font-bold">
            Delivery queue
          </h2>
          <DeliveryQueue />
        </section>
      ) : (
        <AllOrders />
      )}
    </>
  );
}

/**
 * All orders newest first, a page at a time, searchable by id, email or Roblox username (the server
 * searches: ?q=). Each order has a status dropdown and a chat toggle (messages polled every 3 s).
 */
function AllOrders() {
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(0);
  const [orders, setOrders] = useState<OrderView[] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [failed, setFailed] = useState(false);
  const [openChat, setOpenChat] = useState<string | null>(null);
  const [saving, setSaving] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      // One more than a page tells whether there is a next page.
      const rows = await api.get<OrderView[]>(withQuery("/api/admin/orders", { q: search || undefined, offset: page * ORDERS_PAGE_SIZE, limit: ORDERS_PAGE_SIZE + 1 }));
      setOrders(rows.slice(0, ORDERS_PAGE_SIZE));
      setHasMore(rows.length > ORDERS_PAGE_SIZE);
      setFailed(false);
    } catch (error) {
      console.error("orders failed to load", error);
      setFailed(true);
    }
  }, [search, page]);

  useEffect(() => {
    void load();
  }, [load]);

  async function changeStatus(order: OrderView, status: string) {
    setSaving(order.id);
    try {
      const updated = await api.patch<OrderView>(`/api/orders/${encodeURIComponent(order.id)}/status`, { status });
      setOrders((list) => list?.map((o) => (o.id === order.id ? updated : o)) ?? null);
      void refreshDeliveryQueue();
      showToast({ title: "Order Updated", description: `Order ${shortId(order.id)} is now ${updated.status}` });
      revalidateAudit();
    } catch (error) {
      showToast({ title: "Error", description: error instanceof ApiError ? error.message : "Failed to update order. Please try again.", variant: "destructive" });
    }
    setSaving(null);
  }

  return (
    <section aria-labelledby="orders-heading">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="orders-heading" className="mr-auto text-xl font-bold">
          Orders
        </h2>
        <form
          role="search"
          className="flex w-full gap-2 sm:w-auto"
          onSubmit={(event) => {
            event.preventDefault();
            setPage(0);
            setSearch(query.trim());
          }}
        >
          <label htmlFor="orders-search" className="sr-only">
            Search orders
          </label>
          <input
            id="orders-search"
            className="input flex-1 sm:w-72"
            type="search"
            placeholder="Order id, email or username"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <button type="submit" className="btn-secondary">
            Search
          </button>
        </form>
      </div>

      {orders === null && !failed && <p className="mt-6 text-slate-300">Loading orders...</p>}
      {failed && (
        <p className="mt-6 text-red-300" role="alert">
          Orders could not be loaded.
        </p>
      )}
      {orders && orders.length === 0 && <p className="card mt-6 p-6 text-center text-slate-300">{search ? "No orders match your search." : "No orders yet."}</p>}

      <ul className="mt-6 space-y-3" aria-label="Orders">
        {orders?.map((order) => (
          <li key={order.id} className="card p-4" aria-label={`Order ${shortId(order.id)}`}>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <p className="font-mono font-semibold" title={order.id}>
                #{shortId(order.id)}
              </p>
              <StatusBadge status={order.status} />
              {order.late && <span className="rounded-full bg-amber-500/20 px-2.5 py-0.5 text-xs font-bold text-amber-200">Late</span>}
              <p className="min-w-0 flex-1 truncate text-sm text-slate-300">
                <span className="font-semibold text-white">{order.robloxUsername}</span> · {order.email}
              </p>
              <p className="font-semibold">${order.total}</p>
              <p className="text-xs text-slate-400">
                <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
              </p>
            </div>
            {order.items.length > 0 && (
              <p className="mt-2 text-sm text-slate-300">{order.items.map((item) => `${item.quantity} × ${item.productName}`).join(", ")}</p>
            )}
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <label className="text-sm text-slate-300" htmlFor={`status-${order.id}`}>
                Status
              </label>
              <select
                id={`status-${order.id}`}
                className="input w-auto"
                aria-label={`Status of order ${shortId(order.id)}`}
                value={order.status}
                disabled={saving === order.id}
                onChange={(event) => void changeStatus(order, event.target.value)}
              >
                {STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {status}
                  </option>
                ))}
              </select>
              <span className="ml-auto" />
              <OrderTimeline orderId={order.id} />
              <button
                type="button"
                className="btn-secondary mt-3"
                aria-expanded={openChat === order.id}
                onClick={() => setOpenChat(openChat === order.id ? null : order.id)}
              >
                {openChat === order.id ? "Hide Chat" : "Chat"}
              </button>
            </div>
            {openChat === order.id && (
              <div className="mt-3 flex h-80 flex-col overflow-hidden rounded-xl border border-ink-700 bg-ink-900" aria-label={`Chat for order ${shortId(order.id)}`}>
                <ChatPanel
                  key={order.id}
                  messagesUrl={`/api/orders/${encodeURIComponent(order.id)}/messages`}
                  mySender="admin"
                  otherLabel="Customer"
                  emptyText="No messages about this order yet."
                  onSent={() => showToast({ title: "Message Sent", description: "The customer sees it on their order" })}
                />
              </div>
            )}
          </li>
        ))}
      </ul>

      {(page > 0 || hasMore) && (
        <nav className="mt-4 flex items-center justify-center gap-3" aria-label="Orders pages">
          <button type="button" className="btn-secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span className="text-sm text-slate-300">Page {page + 1}</span>
          <button type="button" className="btn-secondary" disabled={!hasMore} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
    </section>
  );
}
