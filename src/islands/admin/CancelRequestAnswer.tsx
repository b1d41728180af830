import { useState } from "react";
import type { QueuedOrderView } from "#read-models/shopping/delivery-queue.queries.ts";
import { api } from "#src/lib/api-client.ts";
import { allows } from "#src/stores/admin-access.ts";
import { refreshDeliveryQueue } from "#src/stores/delivery-queue.ts";
import { showToast, toastError } from "#src/stores/toast.ts";
import { BusyButton } from "../ui/busy-button.tsx";
import { TextField } from "../ui/text-field.tsx";

/**
 * A shopper's open request to cancel an order staff have started, in the Delivery queue: grant
 * (cancelled and refunded as the shopper chose) or refuse with the reason the shopper reads
 * (POST /api/admin/orders/{id}/cancel-request). Staff without the refunds permission see the request only.
 */
export function CancelRequestAnswer({ order, name }: { order: QueuedOrderView; name: string }) {
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const request = order.cancelRequest;
  if (request?.status !== "open") return null;

  async function answer(decision: "grant" | "refuse") {
    setBusy(true);
    try {
      await api.post(`/api/admin/orders/${encodeURIComponent(order.id)}/cancel-request`, { decision, note: note.trim() });
      showToast({
        title: decision === "grant" ? "Cancel Granted" : "Cancel Refused",
        description: decision === "grant" ? `${name} is cancelled and refunded` : `The shopper of ${name} is told why`,
      });
      await refreshDeliveryQueue();
    } catch (error) {
      toastError(error, "Could not answer the request. Please try again.");
      setBusy(false);
    }
  }

  return (
    <section className="mt-3 rounded-lg border border-amber-400/50 bg-amber-500/10 p-3" aria-label={`Cancel request of ${name}`}>
      <p className="text-sm font-semibold text-amber-100">
        The shopper asks to cancel: refund {request.refundTo === "credit" ? "as store credit" : "to their payment"}
      </p>
      {allows("refunds") ? (
        <div className="mt-2 space-y-2">
          <TextField
            id={`cancel-note-${order.id}`}
            label="Note for the shopper (optional; they read it if you refuse)"
            value={note}
            maxLength={500}
            placeholder="Already traded: the pet is in your inventory"
            onValueChange={setNote}
          />
          <div className="flex flex-wrap gap-2">
            <BusyButton type="button" className="btn-primary" busy={busy} onClick={() => void answer("grant")}>
              Grant and refund<span className="sr-only"> {name}</span>
            </BusyButton>
            <BusyButton type="button" className="btn-secondary" busy={busy} onClick={() => void answer("refuse")}>
              Refuse<span className="sr-only"> the cancel of {name}</span>
            </BusyButton>
          </div>
        </div>
      ) : (
        <p className="mt-1 text-xs text-slate-300">Staff who give refunds answer it.</p>
      )}
    </section>
  );
}
