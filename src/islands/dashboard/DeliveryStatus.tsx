import type { OrderView } from "#read-models/shopping/shopping.views.ts";
import { deliveryLine } from "../../lib/delivery-clock.ts";
import { caseOpen } from "../../lib/order-stage.ts";

const LINE_STYLES = {
  countdown: "bg-sky-500/10 text-sky-200 ring-sky-400/40",
  delivered: "bg-emerald-500/10 text-emerald-200 ring-emerald-400/40",
  late: "bg-amber-500/10 text-amber-200 ring-amber-400/50",
} as const;

/** The promise on one order: a live countdown, how long delivery took, or an honest late line. */
export default function DeliveryStatus({ order, now }: { order: OrderView; now: number }) {
  // Held for a payment check: no deadline runs yet, so no countdown.
  if (order.risk.state === "held" && order.status !== "cancelled")
    return (
      <p className={`mt-3 inline-flex max-w-full rounded-lg px-3 py-1.5 text-sm font-semibold ring-1 ${LINE_STYLES.countdown}`} data-delivery="held">
        We're checking your payment, this usually takes under an hour
      </p>
    );
  // The shopper said they did not get it: no "Delivered in" beside their case until staff act.
  if (caseOpen(order)) return null;
  const line = deliveryLine(order, now);
  if (!line) return null;
  return (
    <p className={`mt-3 inline-flex max-w-full rounded-lg px-3 py-1.5 text-sm font-semibold ring-1 ${LINE_STYLES[line.kind]}`} data-delivery={line.kind}>
      {line.text}
    </p>
  );
}
