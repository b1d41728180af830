import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useId, useState } from "react";
import type { OrderView, RefundView } from "#read-models/shopping/shopping.views.ts";
import { parseRefundAmount } from "#src/lib/admin-ops.ts";
import { shortId } from "#domain/shared/short-id.ts";
import { api, errorMessage } from "#src/lib/api-client.ts";
import { useReturnFocus } from "#src/lib/use-return-focus.ts";
import { BusyButton } from "../ui/busy-button.tsx";
import { TextField } from "../ui/text-field.tsx";

interface Props {
  order: OrderView | null;
  onOpenChange: (open: boolean) => void;
  onRefunded: (refund: RefundView) => void;
}

const cents = (value: string) => Math.round(Number(value) * 100);

/**
 * An administrator's refund of one order (issue 18): amount (blank: everything left), where it goes
 * (back to the payment, or as store credit) and why, then a confirmation step that says exactly what
 * will happen. One Idempotency-Key per dialog: a double click or a retry after a lost answer gives
 * the first refund back instead of a second one.
 */
export default function RefundDialog({ order, onOpenChange, onRefunded }: Props) {
  // Focus back on the button that opened it: the dialog has no Radix trigger.
  const returnFocus = useReturnFocus();
  const id = useId();
  const [amount, setAmount] = useState("");
  const [destination, setDestination] = useState<"payment" | "store_credit">("payment");
  const [reason, setReason] = useState("");
  const [step, setStep] = useState<"form" | "confirm">("form");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState("");

  useEffect(() => {
    if (!order) return;
    setAmount("");
    setReason("");
    setStep("form");
    setError(null);
    setKey(crypto.randomUUID());
    const paidWithMoney = cents(order.total) - cents(order.creditApplied);
    setDestination(paidWithMoney > 0 ? "payment" : "store_credit");
  }, [order?.id]);

  if (!order) return null;
  const left = cents(order.total) - cents(order.refundedTotal);
  const toPaymentRefunded = order.refunds.filter((r) => r.destination === "payment" && r.status !== "failed").reduce((sum, r) => sum + cents(r.amount), 0);
  const leftToPayment = Math.max(0, Math.min(left, cents(order.total) - cents(order.creditApplied) - toPaymentRefunded));
  const max = destination === "payment" ? leftToPayment : left;
  const parsed = parseRefundAmount(amount, max);
  const shown = "cents" in parsed ? ((parsed.cents ?? max) / 100).toFixed(2) : "";
  const where = destination === "payment" ? "back to the customer's payment (PayPal)" : "to the customer's store credit";

  function review(event: { preventDefault(): void }) {
    event.preventDefault();
    if ("error" in parsed) return setError(parsed.error);
    if (max <= 0) return setError(destination === "payment" ? "Nothing is left to refund to the payment; choose store credit." : "Nothing is left to refund.");
    if (!reason.trim()) return setError("Please say why the order is refunded");
    setError(null);
    setStep("confirm");
  }

  async function confirm() {
    if (!order || "error" in parsed) return;
    setBusy(true);
    try {
      const refund = await api.post<RefundView>(
        `/api/admin/orders/${encodeURIComponent(order.id)}/refunds`,
        { ...(parsed.cents === null ? {} : { amount: (parsed.cents / 100).toFixed(2) }), destination, reason: reason.trim() },
        { "idempotency-key": key },
      );
      onRefunded(refund);
    } catch (failure) {
      setError(errorMessage(failure, "The refund failed. Please try again."));
      setStep("form");
    }
    setBusy(false);
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !busy && onOpenChange(open)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content
          {...returnFocus}
          className="card fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto p-6 shadow-2xl"
        >
          <Dialog.Title className="text-lg font-bold">Refund order #{shortId(order.id)}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-300">
            Total ${order.total}; refunded so far ${order.refundedTotal}; ${(left / 100).toFixed(2)} left.
          </Dialog.Description>
          {step === "form" ? (
            <form className="mt-4 space-y-4" onSubmit={review} noValidate>
              <fieldset>
                <legend className="mb-1 text-sm font-medium">Refund to</legend>
                <label className="flex items-center gap-2 text-sm">
                  <input type="radio" name={`${id}-dest`} checked={destination === "payment"} onChange={() => setDestination("payment")} />
                  The payment (${(leftToPayment / 100).toFixed(2)} left)
                </label>
                <label className="mt-1 flex items-center gap-2 text-sm">
                  <input type="radio" name={`${id}-dest`} checked={destination === "store_credit"} onChange={() => setDestination("store_credit")} />
                  Store credit
                </label>
              </fieldset>
              <TextField
                id={`${id}-amount`}
                label="Amount in USD"
                inputMode="decimal"
                placeholder={`${(max / 100).toFixed(2)} (everything left)`}
                value={amount}
                onValueChange={setAmount}
                aria-describedby={`${id}-amount-hint`}
              >
                <p id={`${id}-amount-hint`} className="mt-1 text-xs text-slate-400">
                  Leave blank to refund everything left.
                </p>
              </TextField>
              <div>
                <label htmlFor={`${id}-reason`} className="mb-1 block text-sm font-medium">
                  Reason
                </label>
                <textarea id={`${id}-reason`} className="input min-h-20" maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
              </div>
              {error && (
                <p className="text-sm text-red-300" role="alert">
                  {error}
                </p>
              )}
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Dialog.Close className="btn-secondary">Cancel</Dialog.Close>
                <button type="submit" className="btn-primary">
                  Review refund
                </button>
              </div>
            </form>
          ) : (
            <div className="mt-4 space-y-4">
              <p className="text-sm" role="status">
                Refund <strong>${shown}</strong> {where}? Reason: “{reason.trim()}”. This cannot be undone.
              </p>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <BusyButton type="button" className="btn-secondary" busy={busy} onClick={() => setStep("form")}>
                  Back
                </BusyButton>
                <BusyButton type="button" className="btn bg-red-600 text-white hover:bg-red-700" busy={busy} onClick={() => void confirm()}>
                  {busy ? "Refunding..." : `Refund $${shown}`}
                </BusyButton>
              </div>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
