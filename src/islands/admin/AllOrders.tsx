import { useEffect, useState } from "react";
import { RobloxRecipientBadge } from "../ui/roblox-recipient-badge.tsx";
import { RiskFacts } from "./RiskFacts.tsx";
import type { OrderView } from "#read-models/shopping/shopping.views.ts";
import type { AgeBand } from "#domain/accounts/age.ts";
import { formatDateTime, PAYMENT_STATUS_LABELS, paymentBadgeClass } from "#src/lib/admin-ops.ts";
import { shortId } from "#domain/shared/short-id.ts";
import { api } from "#src/lib/api-client.ts";
import { usePagedList } from "#src/lib/use-paged-list.ts";
import { showToast, toastError } from "#src/stores/toast.ts";
import { revalidateAudit } from "#src/stores/admin-ops.ts";
import { allows } from "#src/stores/admin-access.ts";
import ChatPanel from "../ChatPanel.tsx";
import Pager from "./Pager.tsx";
import RefundDialog from "./RefundDialog.tsx";
import StatusBadge from "./StatusBadge.tsx";
import { BlockButton, type BlockPrefill } from "./Blocklist.tsx";
import { OrderTimelinePanel, TimelineButton } from "../dashboard/OrderTimeline.tsx";
import { refreshDeliveryQueue } from "#src/stores/delivery-queue.ts";
import { listenLive } from "#src/stores/live-events.ts";
import SearchForm from "./SearchForm.tsx";
import { DisclosureButton } from "../ui/disclosure-button.tsx";
import { AdminSection } from "./AdminSection.tsx";
import { HeldBadge } from "./HeldBadge.tsx";

const STATUSES = ["pending", "processing", "completed", "cancelled"] as const;
const PAYMENT_FILTERS = [
  { value: "", label: "All payments" },
  { value: "awaiting", label: "Awaiting payment" },
  { value: "refunded", label: "Refunded" },
  { value: "disputed", label: "Disputed or reversed" },
] as const;
const REFUNDABLE = new Set(["paid", "partially_refunded"]);
const ORDERS_PAGE_SIZE = 20;

/**
 * All orders newest first, a page at a time with the total, searchable by id, email or Roblox
 * username and filtered by status and payment (the server does all three: ?q=, ?status=,
 * ?payment=). Each order has a status dropdown, its payment status, refunds and payment history,
 * a Refund action and a chat toggle (messages polled every 3 s).
 */
export default function AllOrders({ onBlock, onReview }: { onBlock: (prefill: BlockPrefill) => void; onReview?: () => void }) {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState("");
  const [payment, setPayment] = useState("");
  const list = usePagedList<OrderView & { buyerAge?: AgeBand }>(
    "/api/admin/orders",
    { q: search || undefined, status: status || undefined, payment: payment || undefined },
    ORDERS_PAGE_SIZE,
  );
  // A new or changed order shows at once: the page is read again on its live event.
  const reload = list.reload;
  useEffect(
    () =>
      listenLive((signal) => {
        if (signal.kind === "order" || signal.kind === "resync") reload();
      }),
    [reload],
  );
  const [changed, setChanged] = useState<Record<string, string>>({});
  useEffect(() => setChanged({}), [list.rows]);
  const orders = list.rows?.map((o) => (changed[o.id] ? { ...o, status: changed[o.id]! } : o)) ?? null;
  const failed = list.failed && list.rows === null;
  const [openChat, setOpenChat] = useState<string | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  const [refunding, setRefunding] = useState<OrderView | null>(null);
  const [openHistory, setOpenHistory] = useState<string | null>(null);
  const [openTimeline, setOpenTimeline] = useState<string | null>(null);

  async function changeStatus(order: OrderView, status: string) {
    setSaving(order.id);
    try {
      const updated = await api.patch<OrderView>(`/api/orders/${encodeURIComponent(order.id)}/status`, { status });
      setChanged((all) => ({ ...all, [order.id]: updated.status }));
      void refreshDeliveryQueue();
      showToast({ title: "Order Updated", description: `Order #${shortId(order.id)} is now ${updated.status}` });
      revalidateAudit();
    } catch (error) {
      toastError(error, "Failed to update order. Please try again.");
    }
    setSaving(null);
  }

  return (
    <AdminSection
      id="orders"
      title="Orders"
      tools={
        <>
          <div className="w-full sm:w-44">
            <label htmlFor="orders-status" className="sr-only">
              Show orders with status
            </label>
            <select id="orders-status" className="input" value={status} onChange={(event) => setStatus(event.target.value)}>
              <option value="">All statuses</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s[0]!.toUpperCase() + s.slice(1)}
                </option>
              ))}
            </select>
          </div>
          <SearchForm
            id="orders-search"
            label="Search orders"
            placeholder="Order id, email or username"
            onSearch={setSearch}
            className="flex w-full gap-2 sm:w-auto"
            inputClassName="input min-w-0 flex-1 sm:w-72"
          />
          <label htmlFor="orders-payment" className="sr-only">
            Filter by payment
          </label>
          <select id="orders-payment" className="input w-full sm:w-auto" value={payment} onChange={(event) => setPayment(event.target.value)}>
            {PAYMENT_FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </select>
        </>
      }
    >
      {orders === null && !failed && <p className="mt-6 text-slate-300">Loading orders...</p>}
      {failed && (
        <p className="mt-6 text-red-300" role="alert">
          Orders could not be loaded.
        </p>
      )}
      {orders && orders.length === 0 && (
        <p className="card mt-6 p-6 text-center text-slate-300">{search || status || payment ? "No orders match your search and filter." : "No orders yet."}</p>
      )}
      {orders && orders.length > 0 && (
        <p className="mt-4 text-sm text-slate-300" aria-live="polite">
          {list.total.toLocaleString("en-US")}
          {list.capped ? "+" : ""} {list.total === 1 && !list.capped ? "order" : "orders"}
          {search || status || payment ? " found" : ""}
        </p>
      )}

      <ul className="mt-3 space-y-3" aria-label="Orders">
        {orders?.map((order) => (
          <li key={order.id} className="card p-4" aria-label={`Order ${shortId(order.id)}`}>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <p className="font-mono font-semibold" title={order.id}>
                #{shortId(order.id)}
              </p>
              <StatusBadge status={order.status} />
              <span
                className={paymentBadgeClass(order.paymentStatus)}
                aria-label={`Payment: ${PAYMENT_STATUS_LABELS[order.paymentStatus] ?? order.paymentStatus}`}
              >
                {PAYMENT_STATUS_LABELS[order.paymentStatus] ?? order.paymentStatus}
              </span>
              {/* A paid order held for a payment check reads "Pending · paid": the hold and its wait say why it is not delivered. */}
              <HeldBadge order={order} />
              {order.disputeStatus && <span className={paymentBadgeClass("reversed")}>dispute {order.disputeStatus}</span>}
              {/* The age band only: a parent paid for an under-18 account's order. */}
              {order.buyerAge === "under_18" && <span className="rounded-full bg-sky-500/20 px-2.5 py-0.5 text-xs font-bold text-sky-200">Under 18</span>}
              {order.late && <span className="rounded-full bg-amber-500/20 px-2.5 py-0.5 text-xs font-bold text-amber-200">Late</span>}
              {/* Confirm receipt: the shopper's words are in the order's chat, next to the proof. */}
              {order.receipt === "not_received" && (
                <span className="rounded-full bg-red-500/20 px-2.5 py-0.5 text-xs font-bold text-red-200">Shopper says not received</span>
              )}
              {order.receipt === "received" && (
                <span className="rounded-full bg-emerald-500/15 px-2.5 py-0.5 text-xs font-bold text-emerald-300">Receipt confirmed</span>
              )}
              <p className="ml-auto font-semibold sm:order-last">${order.total}</p>
              {/* Name and email each on their own line on a phone, whole (an admin acts on this person). */}
              <p className="w-full min-w-0 text-sm text-slate-300 sm:w-auto sm:flex-1">
                <span className="block sm:inline">
                  <RobloxRecipientBadge roblox={order.roblox} />
                </span>
                <span className="hidden sm:inline"> · </span>
                <span className="block break-all sm:inline">{order.email}</span>
              </p>
              <p className="text-xs text-slate-400">
                <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
              </p>
            </div>
            {order.items.length > 0 && (
              <p className="mt-2 text-sm text-slate-300">{order.items.map((item) => `${item.quantity} × ${item.productName}`).join(", ")}</p>
            )}
            <RiskFacts risk={order.risk} orderLabel={shortId(order.id)} />
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
                {order.risk.state === "held" && onReview && (
                  <button type="button" className="btn-secondary" onClick={onReview}>
                    Review hold<span className="sr-only"> of order {shortId(order.id)}</span>
                  </button>
                )}
                {REFUNDABLE.has(order.paymentStatus) && allows("refunds") && (
                  <button type="button" className="btn-secondary" onClick={() => setRefunding(order)} aria-label={`Refund order ${shortId(order.id)}`}>
                    Refund
                  </button>
                )}
                {allows("risk") && <BlockButton order={order} onBlock={onBlock} />}
                {order.paymentHistory.length > 0 && (
                  <DisclosureButton
                    className="btn-secondary"
                    open={openHistory === order.id}
                    onToggle={() => setOpenHistory(openHistory === order.id ? null : order.id)}
                  >
                    {openHistory === order.id ? "Hide payment history" : "Payment history"}
                  </DisclosureButton>
                )}
                <TimelineButton
                  orderId={order.id}
                  className="btn-secondary"
                  open={openTimeline === order.id}
                  onToggle={() => setOpenTimeline(openTimeline === order.id ? null : order.id)}
                />
                <DisclosureButton className="btn-secondary" open={openChat === order.id} onToggle={() => setOpenChat(openChat === order.id ? null : order.id)}>
                  {openChat === order.id ? "Hide Chat" : "Chat"}
                </DisclosureButton>
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
            {/* Under the buttons, as the payment history: inside their row it stretched every button to its height. */}
            {openTimeline === order.id && <OrderTimelinePanel orderId={order.id} />}
            {openChat === order.id && (
              <div
                className="mt-3 flex h-80 flex-col overflow-hidden rounded-xl border border-ink-700 bg-ink-900"
                aria-label={`Chat for order ${shortId(order.id)}`}
              >
                {/* Who the chat's shopper is at Roblox: staff answering "not received" see the account they deliver to. */}
                <p className="flex flex-wrap items-center gap-2 border-b border-ink-700 px-3 py-2 text-sm text-slate-300">
                  <span>Delivering to</span>
                  <RobloxRecipientBadge roblox={order.roblox} />
                </p>
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
          showToast({
            title: "Refunded",
            description: `$${refund.amount} ${refund.destination === "payment" ? "went back to the payment" : "is in the customer's store credit"}`,
          });
          revalidateAudit();
          list.reload();
        }}
      />

      <Pager label="Orders pages" page={list.page} pageSize={ORDERS_PAGE_SIZE} total={list.total} capped={list.capped} onPage={list.setPage} />
    </AdminSection>
  );
}
