import { useCallback, useEffect, useState } from "react";
import type { OrderView } from "#read-models/shopping/shopping.views.ts";
import { formatDateTime } from "#src/lib/admin-ops.ts";
import { shortId } from "#domain/shared/short-id.ts";
import { api } from "#src/lib/api-client.ts";
import { revalidateAudit } from "#src/stores/admin-ops.ts";
import { allows } from "#src/stores/admin-access.ts";
import { refreshDeliveryQueue } from "#src/stores/delivery-queue.ts";
import { showToast } from "#src/stores/toast.ts";
import { useAdminCall } from "./use-admin-call.ts";
import { BlockButton, type BlockPrefill } from "./Blocklist.tsx";
import ChargebackMemory from "./ChargebackMemory.tsx";
import { HeldBadge } from "./HeldBadge.tsx";
import { listenLive } from "#src/stores/live-events.ts";
import { AdminSection } from "./AdminSection.tsx";

/**
 * Orders held for a payment check (issue 37), oldest paid first as the server lists them newest
 * first: each with its score and the reasons in plain words. Owners and managers approve (delivery
 * starts) or reject (refunded, cancelled, the shopper told); support staff read.
 */
export default function RiskQueue({ onBlock }: { onBlock?: (prefill: BlockPrefill) => void }) {
  const [orders, setOrders] = useState<OrderView[] | null | "error">(null);
  const { busy, run } = useAdminCall();
  const mayDecide = allows("risk");
  const load = useCallback(async () => {
    try {
      setOrders(await api.get<OrderView[]>("/api/admin/orders", { risk: "held", limit: 100 }));
    } catch {
      setOrders("error");
    }
  }, []);
  useEffect(() => void load(), [load]);
  // A newly held or decided order shows at once (issue 47), as in All orders.
  useEffect(
    () =>
      listenLive((signal) => {
        if (signal.kind === "order" || signal.kind === "resync") void load();
      }),
    [load],
  );

  async function decide(order: OrderView, decision: "approve" | "reject") {
    await run(order.id, "Failed to record the decision. Please try again.", async () => {
      await api.post(`/api/admin/orders/${encodeURIComponent(order.id)}/risk`, { decision, note: "" });
      showToast({
        title: decision === "approve" ? "Order Approved" : "Order Rejected",
        description: decision === "approve" ? `Order #${shortId(order.id)} is in the delivery queue` : `Order #${shortId(order.id)} was refunded and cancelled`,
      });
      revalidateAudit();
      void refreshDeliveryQueue();
      await load();
    });
  }

  return (
    <AdminSection id="risk" title="Risk queue">
      {onBlock && (
        <button type="button" className="btn-secondary mt-3" onClick={() => onBlock(null)}>
          Open the blocklist
        </button>
      )}
      <HeldOrders orders={orders} mayDecide={mayDecide} busy={busy} decide={decide} onBlock={onBlock} />
      <ChargebackMemory />
    </AdminSection>
  );
}

function HeldOrders({
  orders,
  mayDecide,
  busy,
  decide,
  onBlock,
}: {
  orders: OrderView[] | null | "error";
  mayDecide: boolean;
  busy: string | null;
  decide: (order: OrderView, decision: "approve" | "reject") => Promise<void>;
  onBlock?: ((prefill: BlockPrefill) => void) | undefined;
}) {
  if (orders === null) return <p className="mt-4 text-slate-400">Loading…</p>;
  if (orders === "error") return <p className="mt-4 text-red-300">Could not load the risk queue.</p>;
  if (orders.length === 0) return <p className="mt-4 text-slate-400">No order is waiting for a payment check.</p>;
  return (
    <ul className="mt-4 space-y-3">
      {orders.map((order) => (
        <li key={order.id} className="card p-4" data-risk-order={order.id}>
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <h3 className="font-mono text-sm font-bold">#{shortId(order.id)}</h3>
            <span className="text-sm text-slate-300">{formatDateTime(order.createdAt)}</span>
            <span className="ml-auto font-bold">${order.total}</span>
          </div>
          <p className="mt-1">
            <HeldBadge order={order} />
          </p>
          <p className="mt-1 break-words text-sm text-slate-300">
            {order.email} · Roblox: {order.robloxUsername}
          </p>
          <p className="mt-2 text-sm font-semibold">Risk score {order.risk.score ?? 0} of 100</p>
          <ul className="mt-1 list-disc pl-5 text-sm text-slate-200">
            {(order.risk.reasons ?? []).map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          {mayDecide && (
            <div className="mt-3 flex flex-wrap gap-2">
              <button
                type="button"
                className="btn-primary"
                aria-disabled={busy === order.id}
                onClick={() => void decide(order, "approve")}
                aria-label={`Approve order ${shortId(order.id)}`}
              >
                Approve
              </button>
              <button
                type="button"
                className="rounded-lg px-3 py-1.5 text-sm font-semibold text-red-200 ring-1 ring-red-400/60 hover:bg-red-500/20"
                aria-disabled={busy === order.id}
                onClick={() => void decide(order, "reject")}
                aria-label={`Reject and refund order ${shortId(order.id)}`}
              >
                Reject and refund
              </button>
              {onBlock && <BlockButton order={order} onBlock={onBlock} />}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
