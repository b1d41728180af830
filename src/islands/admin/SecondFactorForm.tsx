import { useId, useState, type SubmitEvent } from "react";
import { api, errorMessage } from "#src/lib/api-client.ts";
import { BusyButton } from "../ui/busy-button.tsx";
import { TextField } from "../ui/text-field.tsx";

/**
 * The second step of a staff sign-in with two-factor on (issue 20): the code the authenticator app
 * shows, or one of the backup codes (each works once). "Trust this device" skips the step on this
 * browser for 30 days.
 */
export default function SecondFactorForm({ onVerified, onCancel }: { onVerified: () => void; onCancel: () => void }) {
  const [code, setCode] = useState("");
  const [backup, setBackup] = useState(false);
  const [trustDevice, setTrustDevice] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api.post("/api/auth/two-factor/verify", { code, method: backup ? "backup" : "totp", trustDevice, panel: true });
      onVerified();
    } catch (failure) {
      setError(errorMessage(failure, "The code could not be checked. Try again."));
      setBusy(false);
    }
  }

  return (
    <form className="card mx-auto w-full max-w-md space-y-4 p-6 sm:p-8" onSubmit={submit}>
      <h1 className="text-2xl font-bold">Two-factor sign-in</h1>
      <p className="text-sm text-slate-300">
        {backup ? "Enter one of your backup codes. Each works once." : "Enter the 6-digit code your authenticator app shows for this shop."}
      </p>
      <TextField
        id={`${id}-code`}
        label={backup ? "Backup code" : "Authentication code"}
        required
        autoFocus
        autoComplete="one-time-code"
        inputMode={backup ? "text" : "numeric"}
        value={code}
        onValueChange={setCode}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-300">
            {error}
          </p>
        )}
      </TextField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={trustDevice} onChange={(e) => setTrustDevice(e.target.checked)} />
        Trust this device for 30 days
      </label>
      <BusyButton type="submit" className="btn-primary w-full py-2.5" busy={busy}>
        {busy ? "Checking..." : "Verify"}
      </BusyButton>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className="text-brand-300 hover:underline" onClick={() => (setBackup(!backup), setCode(""), setError(null))}>
          {backup ? "Use the authenticator app" : "Use a backup code"}
        </button>
        <button type="button" className="text-slate-300 hover:underline" onClick={onCancel}>
          Back to login
        </button>
      </div>
    </form>
  );
}
