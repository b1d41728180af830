import { useState } from "react";
import type { OrderView } from "#read-models/shopping/shopping.views.ts";
import { api, errorMessage } from "../../lib/api-client.ts";
import { shortId } from "#domain/shared/short-id.ts";

type Answer = "received" | "not_received";

/**
 * Confirm receipt (issue 36): on a delivered order, for DELIVERY_CONFIRM_HOURS, "I got it"
 * completes it at once; "I didn't get it" asks what happened and opens a case on the order's chat.
 * Shown while the window is open (the dashboard decides); after an answer, what was said.
 */
export default function ConfirmReceipt({ order, onAnswered }: { order: OrderView; onAnswered: (receipt: Answer) => void }) {
  const [telling, setTelling] = useState(false);
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const short = shortId(order.id);

  async function answer(received: boolean) {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const done = await api.post<{ receipt: Answer }>(`/api/orders/${encodeURIComponent(order.id)}/confirm`, {
        received,
        note: received ? null : note.trim() || null,
      });
      onAnswered(done.receipt);
    } catch (error) {
      setProblem(errorMessage(error, "Your answer could not be sent. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-3 rounded-lg border border-slate-600 p-3" role="group" aria-label={`Did you get order #${short}?`}>
      <p className="text-sm font-semibold">Did you get it?</p>
      {!telling ? (
        <div className="mt-2 flex flex-wrap gap-2">
          <button type="button" className="btn-primary" aria-disabled={busy || undefined} onClick={() => void answer(true)}>
            I got it
          </button>
          <button type="button" className="btn-secondary" aria-disabled={busy || undefined} onClick={() => setTelling(true)}>
            I didn't get it
          </button>
        </div>
      ) : (
        <div className="mt-2 grid gap-2">
          <label className="text-sm font-medium">
            What happened? (optional)
            <textarea className="input mt-1 min-h-20" value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
          </label>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-primary" aria-disabled={busy || undefined} onClick={() => void answer(false)}>
              {busy ? "Sending..." : "Tell the team"}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setTelling(false)}>
              Back
            </button>
          </div>
        </div>
      )}
      {problem && (
        <p className="mt-2 text-sm text-red-300" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

/** What the order says once answered. */
export function receiptLine(receipt: OrderView["receipt"]): string | null {
  if (receipt === "received") return "You confirmed you got it.";
  if (receipt === "not_received") return "You told us you didn't get it: our team is on it in the order's chat.";
  if (receipt === "silence") return "Completed.";
  return null;
}
