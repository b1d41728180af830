import { useState } from "react";
import { api, ApiError, errorMessage } from "../../lib/api-client.ts";
import { BusyButton } from "../ui/busy-button.tsx";
import { TextField } from "../ui/text-field.tsx";

const FIELD_ID = "checkout-parent-email";

/**
 * "Ask a parent to pay", in place of the payment buttons for an account under 18: the
 * parent's email gets one link to this exact cart. Sending again sends a new link and ends the first.
 */
export default function ParentRequest({ amountDue }: { amountDue: string | undefined }) {
  const [parentEmail, setParentEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<{ to: string; expiresAt: string } | null>(null);

  async function send() {
    setError(null);
    if (!parentEmail.trim()) {
      setError("Enter your parent's email address.");
      document.getElementById(FIELD_ID)?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await api.post<{ expiresAt: string }>("/api/checkout/parent-link", { parentEmail: parentEmail.trim() });
      setSent({ to: parentEmail.trim(), expiresAt: answer.expiresAt });
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 400
          ? failure.message.replace(/^parentEmail: /, "")
          : errorMessage(failure, "We could not send the link. Please try again."),
      );
    }
    setBusy(false);
  }

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-300">
        Accounts under 18 don't pay themselves. We email your parent one link to this order{amountDue ? ` ($${amountDue})` : ""}: they see what you chose and
        pay, or say "not now". Nothing is charged until they pay.
      </p>
      {sent && (
        <p role="status" className="rounded-lg border border-emerald-500/50 bg-emerald-500/10 px-3 py-2 text-sm text-emerald-200">
          We emailed {sent.to}. The link works until <time dateTime={sent.expiresAt}>{new Date(sent.expiresAt).toLocaleString()}</time>; your items stay
          reserved until then. Changing your cart ends the link.
        </p>
      )}
      <TextField id={FIELD_ID} label="Your parent's email" type="email" autoComplete="off" value={parentEmail} onValueChange={setParentEmail} error={error} />
      <BusyButton type="button" className="btn-primary w-full py-3" busy={busy} onClick={() => void send()}>
        {busy ? "Sending..." : sent ? "Send the link again" : "Ask a parent to pay"}
      </BusyButton>
    </div>
  );
}
