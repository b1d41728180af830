import { useEffect, useRef, useState, type FormEvent } from "react";
import type { OrderView } from "#read-models/shopping/shopping.views.ts";
import { shopperCancel } from "#domain/fulfilment/shopper-cancel.ts";
import { shortId } from "#domain/shared/short-id.ts";
import { api, errorMessage } from "../../lib/api-client.ts";
import { BusyButton } from "../ui/busy-button.tsx";

type RefundTo = "payment" | "credit";

/** What the shopper may do about cancelling: cancel now, ask staff, or nothing (closed, or asked already). */
export function cancelOffered(order: OrderView): "cancel" | "request" | null {
  if (order.cancelRequest) return null;
  const what = shopperCancel({
    status: order.status,
    paymentStatus: order.paymentStatus,
    delivered: order.deliveredAt !== null,
    started: order.deliveryStartedAt !== null,
  });
  return what === "closed" ? null : what;
}

/** The request's state, as the shopper sees it, once there is one. */
export function CancelRequestState({ order }: { order: OrderView }) {
  const request = order.cancelRequest;
  if (!request) return null;
  const money = request.refundTo === "credit" ? "as store credit" : "to your payment";
  if (request.status === "open")
    return (
      <p className="mt-3 text-sm text-amber-200" role="status" data-cancel-request="open">
        You asked to cancel (refund {money}). Staff will answer soon; if nobody does in time, we cancel it for you.
      </p>
    );
  if (request.status === "refused")
    return (
      <p className="mt-3 text-sm text-slate-300" data-cancel-request="refused">
        We couldn&apos;t cancel this order{request.note ? `: ${request.note}` : "."}
      </p>
    );
  return null;
}

/**
 * "Cancel order" (POST /api/orders/{id}/cancel) with the refund the shopper chooses: to the payment,
 * or store credit at once. Before anyone has started the order it is cancelled at once; after, it
 * is a request staff answer. The choice is asked before anything is sent, and "Keep my order" leaves it.
 */
export default function CancelOrder({ order, onChanged }: { order: OrderView; onChanged: (order: OrderView) => void }) {
  const [open, setOpen] = useState(false);
  const [refundTo, setRefundTo] = useState<RefundTo>("payment");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  // Opened from the keyboard: the choice is where the focus goes next.
  useEffect(() => {
    if (open) form.current?.querySelector<HTMLInputElement>("input:checked")?.focus();
  }, [open]);
  const offered = cancelOffered(order);
  if (!offered) return null;
  const short = shortId(order.id);
  const paidByPayment = Number(order.total) > Number(order.creditApplied);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const answer = await api.post<OrderView | { status: "cancel_requested" }>(`/api/orders/${encodeURIComponent(order.id)}/cancel`, {
        refundTo: paidByPayment ? refundTo : "credit",
      });
      onChanged("id" in answer ? answer : { ...order, cancelRequest: { status: "open", refundTo, note: null } });
      setOpen(false);
    } catch (error) {
      setProblem(errorMessage(error, "We could not cancel the order. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  const label = offered === "cancel" ? "Cancel order" : "Ask to cancel";
  return (
    <div className="mt-3">
      {!open ? (
        <button type="button" className="btn-secondary" aria-expanded={false} onClick={() => setOpen(true)}>
          {label}
          <span className="sr-only"> #{short}</span>
        </button>
      ) : (
        <form ref={form} className="space-y-3 rounded-lg border border-slate-600 p-3" aria-label={`${label} #${short}`} onSubmit={(e) => void submit(e)}>
          <p className="text-sm">
            {offered === "cancel"
              ? "Nobody has started this order yet: it is cancelled at once."
              : "Staff have started this order, so they answer your request first."}
          </p>
          <fieldset>
            <legend className="text-sm font-semibold">Your money back</legend>
            {paidByPayment && (
              <label className="mt-2 flex items-center gap-2 text-sm">
                <input type="radio" name={`refund-${order.id}`} checked={refundTo === "payment"} onChange={() => setRefundTo("payment")} />
                To my payment (takes a few days)
              </label>
            )}
            <label className="mt-2 flex items-center gap-2 text-sm">
              <input type="radio" name={`refund-${order.id}`} checked={refundTo === "credit" || !paidByPayment} onChange={() => setRefundTo("credit")} />
              As store credit, at once
            </label>
          </fieldset>
          <div className="flex flex-wrap gap-2">
            <BusyButton type="submit" className="btn-primary" busy={busy}>
              {offered === "cancel" ? "Cancel my order" : "Send my request"}
            </BusyButton>
            <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
              Keep my order
            </button>
          </div>
          {problem && (
            <p className="text-sm text-red-300" role="alert">
              {problem}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
