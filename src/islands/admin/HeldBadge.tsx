import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import type { OrderView } from "#read-models/shopping/shopping.views.ts";
import { clockOffset, deviceNow, waitedLabel } from "#src/lib/delivery-clock.ts";
import { $deliveryQueue } from "#src/stores/delivery-queue.ts";

/** Every half minute is often enough for a wait counted in minutes. */
const WAIT_TICK_MS = 30_000;

/**
 * An order held for a payment check (issue 37), as every admin list shows it (issue 47): a "Held"
 * badge and how long its shopper has waited since paying, on the server's time (the delivery
 * queue's answer carries it). Nothing for an order that is not held.
 */
export function HeldBadge({ order }: { order: Pick<OrderView, "risk" | "paidAt" | "createdAt"> }) {
  const queue = useStore($deliveryQueue);
  const offset = queue && queue !== "error" ? clockOffset(queue.now, deviceNow()) : 0;
  const [now, setNow] = useState(() => deviceNow());
  const held = order.risk.state === "held";
  useEffect(() => {
    if (!held) return;
    const timer = setInterval(() => setNow(deviceNow()), WAIT_TICK_MS);
    return () => clearInterval(timer);
  }, [held]);
  if (!held) return null;
  const since = order.paidAt ?? order.createdAt;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="rounded-full bg-amber-500 px-2.5 py-0.5 text-xs font-bold text-ink-950">Held</span>
      <span className="text-xs text-amber-200">
        waiting <time dateTime={since}>{waitedLabel(since, now + offset)}</time> for a payment check
      </span>
    </span>
  );
}
