import { useState, type FormEvent } from "react";
import type { QueuedOrderView } from "#read-models/shopping/delivery-queue.queries.ts";
import { api } from "#src/lib/api-client.ts";
import { refreshDeliveryQueue } from "#src/stores/delivery-queue.ts";
import { showToast, toastError } from "#src/stores/toast.ts";
import { BusyButton } from "../ui/busy-button.tsx";
import { TextField } from "../ui/text-field.tsx";

/** Where the buyer is: said ready, or staff wait for them (with the note they left). */
export function ReadinessLine({ order }: { order: QueuedOrderView }) {
  if (order.readiness === "ready")
    return (
      <p className="mt-2 text-sm font-semibold text-emerald-200" data-readiness="ready">
        Buyer is in the game, ready
      </p>
    );
  if (order.readiness === "waiting_for_buyer")
    return (
      <p className="mt-2 text-sm font-semibold text-amber-200" data-readiness="waiting_for_buyer">
        Waiting for the buyer: no deadline until they&apos;re ready{order.readinessNote ? ` (${order.readinessNote})` : ""}
      </p>
    );
  return null;
}

/**
 * "Waiting for buyer" (POST /api/admin/orders/{id}/waiting-for-buyer): the buyer is not in the game;
 * the order has no deadline (never late, never compensated) until they press "I'm ready".
 */
export function WaitingForBuyerButton({ order, name }: { order: QueuedOrderView; name: string }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  if (order.readiness === "waiting_for_buyer") return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await api.post(`/api/admin/orders/${encodeURIComponent(order.id)}/waiting-for-buyer`, { note: note.trim() });
      showToast({ title: "Waiting For Buyer", description: `The buyer of ${name} is asked to say when they're in the game` });
      await refreshDeliveryQueue();
    } catch (error) {
      toastError(error, "Could not tell the buyer. Please try again.");
    }
    setBusy(false);
  }

  return (
    <>
      <button type="button" className="btn-secondary" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
        Waiting for buyer<span className="sr-only"> of {name}</span>
      </button>
      {open && (
        <form
          className="mt-2 w-full space-y-2 rounded-lg border border-ink-700 p-3"
          onSubmit={(e) => void submit(e)}
          aria-label={`Waiting for the buyer of ${name}`}
        >
          <TextField
            id={`waiting-note-${order.id}`}
            label="Note for the buyer (optional)"
            value={note}
            maxLength={500}
            placeholder="Join my server: I'm waiting by the trade booth"
            onValueChange={setNote}
          />
          <BusyButton type="submit" className="btn-primary" busy={busy}>
            Tell the buyer
          </BusyButton>
        </form>
      )}
    </>
  );
}
