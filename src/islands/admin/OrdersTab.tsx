import { useCallback, useEffect, useState } from "react";
import type { OrderView } from "../../../read-models/shopping/shopping.views.ts";
import { formatDateTime, PAYMENT_STATUS_LABELS, paymentBadgeClass, shortId } from "../../lib/admin-ops.ts";
import { api, ApiError, withQuery } from "../../lib/api-client.ts";
import { showToast } from "../../stores/toast.ts";
import { revalidateAudit } from "../../stores/admin-ops.ts";
import ChatPanel from "../ChatPanel.tsx";
import RefundDialog from "./RefundDialog.tsx";
import StatusBadge from "./StatusBadge.tsx";

const STATUSES = ["pending", "processing", "completed", "cancelled"] as const;
const PAYMENT_FILTERS = [
  { value: "", label: "All payments" },
  { value: "awaiting", label: "Awaiting payment" },
  { value: "refunded", label: "Refunded" },
  { value: "disputed", label: "Disputed or reversed" },
] as const;
const REFUNDABLE = new Set(["paid", "partially_refunded"]);
export const ORDERS_PAGE_SIZE = 20;

/**
 * All orders newest first, a page at a time, searchable by id, email or Roblox username (the server
 * searches: ?q=), and filterable by payment (?payment=). Each order has a status dropdown, its
 * payment status, refunds and payment history, a Refund action and a chat toggle (messages polled every 3 s).
 */
export default function OrdersTab() {
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(0);
  const [orders, setOrders] = useState<OrderView[] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [failed, setFailed] = useState(false);
  const [openChat, setOpenChat] = useState<string | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  const [payment, setPayment] = useState("");
  const [refunding, setRefunding] = useState<OrderView | null>(null);
  const [openHistory, setOpenHistory] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      // One more than a page tells whether there is a next page.
      const rows = await api.get<OrderView[]>(withQuery("/api/admin/orders", { q: search || undefined, payment: payment || undefined, offset: page * ORDERS_PAGE_SIZE, limit: ORDERS_PAGE_SIZE + 1 }));
      setOrders(rows.slice(0, ORDERS_PAGE_SIZE));
      setHasMore(rows.length > ORDERS_PAGE_SIZE);
      setFailed(false);
    } catch (error) {
      console.error("orders failed to load", error);
      setFailed(true);
    }
  }, [search, page, payment]);

  useEffect(() => {
    void load();
  }, [load]);

  async function changeStatus(order: OrderView, status: string) {
    setSaving(order.id);
    try {
      const updated = await api.patch<OrderView>(`/api/orders/${encodeURIComponent(order.id)}/status`, { status });
      setOrders((list) => list?.map((o) => (o.id === order.id ? { ...o, status: updated.status } : o)) ?? null);
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
        <label htmlFor="orders-payment" className="sr-only">
          Filter by payment
        </label>
        <select
          id="orders-payment"
          className="input w-full sm:w-auto"
          value={payment}
          onChange={(event) => {
            setPage(0);
            setPayment(event.target.value);
          }}
        >
          {PAYMENT_FILTERS.map((filter) => (
            <option key={filter.value} value={filter.value}>
              {filter.label}
            </option>
          ))}
        </select>
      </div>

      {orders === null && !failed && <p className="mt-6 text-slate-300">Loading orders...</p>}
      {failed && (
        <p className="mt-6 text-red-300" role="alert">
          Orders could not be loaded.
        </p>
      )}
      {orders && orders.length === 0 && <p className="card mt-6 p-6 text-center text-slate-300">{search || payment ? "No orders match your search." : "No orders yet."}</p>}

      <ul className="mt-6 space-y-3" aria-label="Orders">
        {orders?.map((order) => (
          <li key={order.id} className="card p-4" aria-label={`Order ${shortId(order.id)}`}>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <p className="font-mono font-semibold" title={order.id}>
                #{shortId(order.id)}
              </p>
              <StatusBadge status={order.status} />
              <span className={paymentBadgeClass(order.paymentStatus)} aria-label={`Payment: ${PAYMENT_STATUS_LABELS[order.paymentStatus] ?? order.paymentStatus}`}>
                {PAYMENT_STATUS_LABELS[order.paymentStatus] ?? order.paymentStatus}
              </span>
              {order.disputeStatus && <span className={paymentBadgeClass("reversed")}>dispute {order.disputeStatus}</span>}
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
            {order.refunds.length > 0 && (
              <ul className="mt-2 space-y-1 text-sm" aria-label={`Refunds of order ${shortId(order.id)}`}>
                {order.refunds.map((refund) => (
                  <li key={refund.id} className="text-slate-300">
                    Refunded ${refund.amount} {refund.destination === "payment" ? "to the payment" : "as store credit"}
                    {refund.status !== "completed" && <span className="text-amber-200"> ({refund.status})</span>} · {refund.reason} ·{" "}
                    <time dateTime={refund.createdAt}>{formatDateTime(refund.createdAt)}</time>
                  </li>
                ))}
              </ul>
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
              <div className="ml-auto flex flex-wrap gap-2">
              {REFUNDABLE.has(order.paymentStatus) && (
                <button type="button" className="btn-secondary" onClick={() => setRefunding(order)} aria-label={`Refund order ${shortId(order.id)}`}>
                  Refund
                </button>
              )}
              {order.paymentHistory.length > 0 && (
                <button type="button" className="btn-secondary" aria-expanded={openHistory === order.id} onClick={() => setOpenHistory(openHistory === order.id ? null : order.id)}>
                  {openHistory === order.id ? "Hide payment history" : "Payment history"}
                </button>
              )}
              <button
                type="button"
                className="btn-secondary"
                aria-expanded={openChat === order.id}
                onClick={() => setOpenChat(openChat === order.id ? null : order.id)}
              >
                {openChat === order.id ? "Hide Chat" : "Chat"}
              </button>
              </div>
            </div>
            {openHistory === order.id && (
              <ol className="mt-3 space-y-1 rounded-xl border border-ink-700 p-3 text-sm" aria-label={`Payment history of order ${shortId(order.id)}`}>
                {order.paymentHistory.map((entry, index) => (
                  <li key={index} className="text-slate-300">
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · {entry.note}
                    {entry.amount !== null && ` ($${entry.amount})`}
                  </li>
                ))}
              </ol>
            )}
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

      <RefundDialog
        order={refunding}
        onOpenChange={(open) => !open && setRefunding(null)}
        onRefunded={(refund) => {
          setRefunding(null);
          showToast({ title: "Refunded", description: `$${refund.amount} ${refund.destination === "payment" ? "went back to the payment" : "is in the customer's store credit"}` });
          revalidateAudit();
          void load();
        }}
      />

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
