import { CHECKOUT_IDS, type SandboxOutcome } from "./checkout-figures.ts";
import { BusyButton } from "../ui/busy-button.tsx";

const OUTCOMES: { value: SandboxOutcome; label: string }[] = [
  { value: "approve", label: "Approved" },
  { value: "decline", label: "Card declined" },
  { value: "pending", label: "Pending review" },
];

/** The sandbox's test payment: pick what the payment does, then pay (no money moves). */
export default function SandboxPayment({
  outcome,
  onOutcome,
  paying,
  amountDue,
  sandboxPendingSeconds,
  onPay,
}: {
  outcome: SandboxOutcome;
  onOutcome: (outcome: SandboxOutcome) => void;
  paying: boolean;
  amountDue: string | undefined;
  sandboxPendingSeconds: number;
  onPay: () => void;
}) {
  return (
    <div className="space-y-3">
      <fieldset className="rounded-lg border border-ink-700 p-3 text-sm">
        <legend className="px-1 font-medium">Test payment outcome</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {OUTCOMES.map((option) => (
            <label key={option.value} className="flex items-center gap-2">
              <input
                type="radio"
                name={CHECKOUT_IDS.outcome}
                value={option.value}
                checked={outcome === option.value}
                disabled={paying}
                onChange={() => onOutcome(option.value)}
              />
              {option.label}
            </label>
          ))}
        </div>
        <p className="mt-2 text-xs text-slate-400">
          {outcome === "pending"
            ? `The order is placed and waits for the payment, which clears after about ${sandboxPendingSeconds} seconds.`
            : outcome === "decline"
              ? "The payment is declined: nothing is placed and you can pay again."
              : "The payment succeeds at once."}
        </p>
      </fieldset>
      <BusyButton type="button" className="btn-primary w-full py-3" busy={paying} onClick={onPay}>
        {paying ? "Processing..." : `Pay $${amountDue} with test payment (sandbox, no money moves)`}
      </BusyButton>
    </div>
  );
}
