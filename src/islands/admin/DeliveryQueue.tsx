import { useStore } from "@nanostores/react";
import { RobloxRecipientBadge } from "../ui/roblox-recipient-badge.tsx";
import { PrivateServerField } from "./PrivateServerField.tsx";
import { GamePassToBuy } from "./GamePassToBuy.tsx";
import { useEffect, useMemo, useState } from "react";
import type { OrderView } from "#read-models/shopping/shopping.views.ts";
import type { QueuedOrderView } from "#read-models/shopping/delivery-queue.queries.ts";
import { shortId } from "#domain/shared/short-id.ts";
import { api } from "#src/lib/api-client.ts";
import { readAsDataUrl } from "#src/lib/read-file.ts";
import { clockOffset, deviceNow, timeLeftLabel, useServerNow } from "#src/lib/delivery-clock.ts";
import { revalidateAudit } from "#src/stores/admin-ops.ts";
import { $deliveryQueue, refreshDeliveryQueue } from "#src/stores/delivery-queue.ts";
import { showToast, toastError } from "#src/stores/toast.ts";
import { OrderTimelinePanel, TimelineButton } from "../dashboard/OrderTimeline.tsx";
import StatusBadge from "./StatusBadge.tsx";
import { BusyButton } from "../ui/busy-button.tsx";
import { ReadinessLine, WaitingForBuyerButton } from "./WaitingForBuyer.tsx";
import { CancelRequestAnswer } from "./CancelRequestAnswer.tsx";
import DeliveryHolder from "./DeliveryHolder.tsx";

/**
 * The Delivery queue: paid orders not yet delivered, the least time left first, overdue
 * ones marked. "Start delivery" sets processing (the server records who took it); "Mark delivered"
 * takes one or more proof screenshots, uploads them, then sets completed.
 */
export default function DeliveryQueue() {
  const queue = useStore($deliveryQueue);
  const loaded = queue !== null && queue !== "error" ? queue : null;
  const offset = useMemo(() => (loaded ? clockOffset(loaded.now, deviceNow()) : 0), [loaded]);
  const now = useServerNow(offset, Boolean(loaded && loaded.orders.length > 0));

  useEffect(() => {
    void refreshDeliveryQueue();
  }, []);

  if (queue === null) return <p className="mt-6 text-slate-300">Loading the delivery queue...</p>;
  if (queue === "error")
    return (
      <p className="mt-6 text-red-300" role="alert">
        The delivery queue could not be loaded.
      </p>
    );
  const held = queue.held > 0 ? `${queue.held} held for a payment check ${queue.held === 1 ? "waits" : "wait"} in the Risk queue` : null;
  if (queue.orders.length === 0)
    return (
      <p className="card mt-6 p-6 text-center text-slate-300">
        {/* Held orders are paid but not delivered: "every paid order is delivered" would hide them. */}
        {held ? `Nothing to deliver yet: ${held}.` : "Nothing to deliver: every paid order is delivered."}
      </p>
    );

  return (
    <>
      <p className="mt-4 text-sm text-slate-300">
        {queue.count} to deliver{queue.overdue > 0 ? `, ${queue.overdue} overdue` : ""}
        {queue.atRisk > 0 ? `, ${queue.atRisk} due within 5 minutes and not started` : ""}
        {held ? `, ${held}` : ""}
        {queue.needsHolder > 0 ? `, ${queue.needsHolder} waiting for another holder` : ""} · promise: {queue.slaMinutes} minutes from payment
      </p>
      {/* Room below the last order, so it scrolls clear of the notifications and floating buttons. */}
      <ul className="mt-4 space-y-3 pb-28" aria-label="Delivery queue">
        {queue.orders.map((order) => (
          <QueueItem key={order.id} order={order} now={now} />
        ))}
      </ul>
    </>
  );
}

function QueueItem({ order, now }: { order: QueuedOrderView; now: number }) {
  const [busy, setBusy] = useState(false);
  const [delivering, setDelivering] = useState(false);
  const [timeline, setTimeline] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const left = order.deliveryDueAt ? timeLeftLabel(order.deliveryDueAt, now) : null;
  const name = `order #${shortId(order.id)}`;
  // The warning: nobody has started it and the deadline is at most 5 minutes away.
  const atRisk = Boolean(left && !left.overdue && order.status === "pending" && Date.parse(order.deliveryDueAt!) - now <= 5 * 60_000);

  async function setStatus(status: "processing" | "completed") {
    await api.patch<OrderView>(`/api/orders/${encodeURIComponent(order.id)}/status`, { status });
    revalidateAudit();
  }

  async function startDelivery() {
    setBusy(true);
    try {
      await setStatus("processing");
      showToast({ title: "Delivery Started", description: `You are delivering ${name}` });
      await refreshDeliveryQueue();
    } catch (error) {
      toastError(error, "Could not start the delivery. Please try again.");
    }
    setBusy(false);
  }

  async function markDelivered(event: React.SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      for (const file of files) {
        await api.post(`/api/admin/orders/${encodeURIComponent(order.id)}/proof`, { base64Image: await readAsDataUrl(file) });
      }
      await setStatus("completed");
      showToast({
        title: "Order Delivered",
        description: `Order #${shortId(order.id)} is delivered${files.length ? ` with ${files.length} proof screenshot${files.length === 1 ? "" : "s"}` : ""}`,
      });
      await refreshDeliveryQueue();
    } catch (error) {
      toastError(error, "Could not mark the order delivered. Please try again.");
      setBusy(false);
    }
  }

  return (
    <li className={`card p-4 ${left?.overdue || atRisk ? "ring-1 ring-amber-400/60" : ""}`} aria-label={`Delivery of ${name}`}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="font-mono font-semibold" title={order.id}>
          #{shortId(order.id)}
        </p>
        <StatusBadge status={order.status} />
        {left && (
          <p className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${left.overdue ? "bg-amber-500/20 text-amber-200" : "bg-sky-500/15 text-sky-200"}`}>
            {left.text}
          </p>
        )}
        {/* At least 12rem, or the row wraps it onto a line of its own: squeezed to nothing, the id overflowed a phone's screen. */}
        <p className="min-w-0 flex-1 basis-48 text-sm text-slate-300">
          <span className="sr-only">Roblox: </span>
          <RobloxRecipientBadge roblox={order.roblox} />
        </p>
        <p className="font-semibold">${order.total}</p>
      </div>
      {atRisk && <p className="mt-2 text-sm font-semibold text-amber-200">Due within 5 minutes and nobody has started it</p>}
      <ReadinessLine order={order} />
      <CancelRequestAnswer order={order} name={name} />
      {order.items.length > 0 && (
        <p className="mt-2 text-sm text-slate-300">{order.items.map((item) => `${item.quantity} × ${item.productName}`).join(", ")}</p>
      )}
      <PrivateServerField order={order} />
      <GamePassToBuy order={order} />
      <DeliveryHolder order={order} />
      {order.deliveryStartedAt && (
        <p className="mt-1 text-xs text-slate-400">
          Delivery started{" "}
          <time dateTime={order.deliveryStartedAt}>{new Date(order.deliveryStartedAt).toLocaleTimeString("en-US", { timeStyle: "short" })}</time>
          {order.deliveryStartedBy ? ` by ${order.deliveryStartedBy}` : ""}
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {order.status === "pending" && (
          <BusyButton type="button" className="btn-secondary" busy={busy} onClick={() => void startDelivery()}>
            Start delivery<span className="sr-only"> of {name}</span>
          </BusyButton>
        )}
        <BusyButton type="button" className="btn-primary" aria-expanded={delivering} busy={busy} onClick={() => setDelivering((v) => !v)}>
          Mark delivered<span className="sr-only"> {name}</span>
        </BusyButton>
        <TimelineButton orderId={order.id} className="btn-secondary" open={timeline} onToggle={() => setTimeline((v) => !v)} />
        <WaitingForBuyerButton order={order} name={name} />
      </div>
      {timeline && <OrderTimelinePanel orderId={order.id} />}
      {delivering && (
        <form className="mt-3 space-y-2 rounded-lg border border-ink-700 p-3" onSubmit={(event) => void markDelivered(event)} aria-label={`Deliver ${name}`}>
          <label htmlFor={`proof-${order.id}`} className="block text-sm font-semibold">
            Proof screenshots <span className="font-normal text-slate-400">(PNG, JPEG, WebP or GIF, up to 5 MB each)</span>
          </label>
          <input
            id={`proof-${order.id}`}
            type="file"
            multiple
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="block w-full max-w-full text-sm text-slate-300 file:mr-3 file:rounded-md file:border-0 file:bg-ink-700 file:px-3 file:py-1.5 file:text-white"
            onChange={(event) => setFiles(Array.from(event.target.files ?? []))}
          />
          {files.length === 0 && <p className="text-xs text-amber-200">Without a screenshot the shopper gets no proof of this delivery.</p>}
          <div className="flex flex-wrap gap-2">
            <BusyButton type="submit" className="btn-primary" busy={busy}>
              {busy ? "Delivering..." : `Confirm delivered${files.length ? ` with ${files.length} proof${files.length === 1 ? "" : "s"}` : ""}`}
            </BusyButton>
            <BusyButton type="button" className="btn-secondary" busy={busy} onClick={() => setDelivering(false)}>
              Cancel
            </BusyButton>
          </div>
        </form>
      )}
    </li>
  );
}
