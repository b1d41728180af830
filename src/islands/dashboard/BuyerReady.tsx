import { useState } from "react";
import type { OrderView } from "#read-models/shopping/shopping.views.ts";
import { api, errorMessage } from "../../lib/api-client.ts";
import { offTheClock } from "../../lib/delivery-clock.ts";
import { shortId } from "#domain/shared/short-id.ts";
import { BusyButton } from "../ui/busy-button.tsx";

/** Delivered in the game with the buyer there (a trade, a private server), or staff wait for them. */
const needsBuyer = (order: OrderView) =>
  order.readiness !== null || order.items.some((item) => item.deliveryMethod === "trade" || item.deliveryMethod === "private_server");

/** Paid, not delivered, still pending or processing, and its buyer needed in the game. */
export const readinessAsked = (order: OrderView) =>
  order.paidAt !== null &&
  order.deliveredAt === null &&
  (order.status === "pending" || order.status === "processing") &&
  !offTheClock(order) &&
  order.risk.state !== "held" &&
  needsBuyer(order);

/**
 * "I'm in the game, ready" (POST /api/orders/{id}/ready). While staff wait for the buyer the order
 * has no deadline; pressing it makes the promise again from now. Before anyone waits it only tells staff.
 */
export default function BuyerReady({ order, onChanged }: { order: OrderView; onChanged: (order: OrderView) => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const waiting = order.readiness === "waiting_for_buyer";

  async function ready() {
    setBusy(true);
    setProblem(null);
    try {
      onChanged(await api.post<OrderView>(`/api/orders/${encodeURIComponent(order.id)}/ready`, {}));
    } catch (error) {
      setProblem(errorMessage(error, "We could not tell staff. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  if (order.readiness === "ready")
    return (
      <p className="mt-3 text-sm text-emerald-200" role="status" data-readiness="ready">
        You said you&apos;re in the game: staff will come to you.
      </p>
    );
  return (
    <div
      className={`mt-3 rounded-lg border p-3 ${waiting ? "border-amber-400/50 bg-amber-500/10" : "border-slate-600"}`}
      role="group"
      aria-label={`Ready for order #${shortId(order.id)}`}
      data-readiness={order.readiness ?? "unsaid"}
    >
      <p className="text-sm">
        {waiting
          ? `We're waiting for you in the game${order.readinessNote ? `: ${order.readinessNote}` : ""}. Your delivery time starts again when you're ready.`
          : "A trade needs you in the game. Tell us when you're there."}
      </p>
      <BusyButton busy={busy} className="btn-primary mt-2" onClick={() => void ready()}>
        I&apos;m in the game, ready
      </BusyButton>
      {problem && (
        <p className="mt-2 text-sm text-red-300" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
