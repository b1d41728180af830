import QRCode from "qrcode";
import { useEffect, useId, useState, type ReactNode, type SubmitEvent } from "react";
import { api, errorMessage } from "#src/lib/api-client.ts";
import { BusyButton } from "../ui/busy-button.tsx";
import { PasswordField } from "../ui/password-field.tsx";
import { TextField } from "../ui/text-field.tsx";

interface Started {
  totpURI: string;
  secret: string | null;
  backupCodes: string[];
}

/**
 * Sets up two-factor sign-in (issue 20): the password again, then a QR code (and the key, to type
 * it instead) for an authenticator app and ten backup codes shown once, then the app's first code.
 * With `enabled`, it turns it off instead (password again).
 */
export default function TwoFactorSetup({ enabled, onChanged }: { enabled: boolean; onChanged: () => void }) {
  const [password, setPassword] = useState("");
  const [started, setStarted] = useState<Started | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  useEffect(() => {
    if (!started) return;
    // An SVG drawn here from the otpauth:// address: the secret never leaves the page for a QR service.
    QRCode.toString(started.totpURI, { type: "svg", margin: 1, width: 200 }).then(setQr, () => setQr(null));
  }, [started]);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(errorMessage(failure, "That did not work. Try again."));
    } finally {
      setBusy(false);
    }
  }

  const errorLine = error && (
    <p id={`${id}-error`} role="alert" className="text-sm text-red-300">
      {error}
    </p>
  );

  // Turning it on and turning it off both start with the password again: one form, two purposes.
  const passwordStep = (intro: ReactNode, action: string, buttonClass: string, work: () => Promise<void>) => (
    <form className="space-y-3" onSubmit={(e: SubmitEvent<HTMLFormElement>) => (e.preventDefault(), void run(work))}>
      <p className="text-sm text-slate-300">{intro}</p>
      <PasswordField id={`${id}-password`} label="Password" purpose="current" value={password} onValueChange={setPassword} />
      {errorLine}
      <BusyButton type="submit" className={buttonClass} busy={busy}>
        {action}
      </BusyButton>
    </form>
  );

  if (enabled) {
    return passwordStep(
      "Two-factor sign-in is on. To turn it off, enter your password.",
      "Turn off two-factor sign-in",
      "btn-secondary",
      async () => (await api.post("/api/auth/two-factor/disable", { password }), onChanged()),
    );
  }

  if (!started) {
    return passwordStep(
      "Sign-in will ask for a code from an authenticator app (Google Authenticator, 1Password, Authy...) after your password. Enter your password to start.",
      "Set up two-factor sign-in",
      "btn-primary",
      async () => setStarted(await api.post<Started>("/api/auth/two-factor/enable", { password })),
    );
  }

  return (
    <form
      className="space-y-4"
      onSubmit={(e: SubmitEvent<HTMLFormElement>) => (
        e.preventDefault(),
        void run(async () => (await api.post("/api/auth/two-factor/confirm", { code }), onChanged()))
      )}
    >
      <p className="text-sm text-slate-300">1. Scan this code with your authenticator app, or type the key.</p>
      {qr ? (
        <div className="w-52 rounded bg-white p-2" role="img" aria-label="QR code for your authenticator app" dangerouslySetInnerHTML={{ __html: qr }} />
      ) : (
        <p role="status">Drawing the QR code...</p>
      )}
      {started.secret && (
        <p className="text-sm">
          Key:{" "}
          <code className="break-all font-mono" data-testid="totp-secret">
            {started.secret}
          </code>
        </p>
      )}
      <div>
        <p className="text-sm text-slate-300">
          2. Keep these backup codes somewhere safe: each signs you in once if you lose the app. They are shown only now.
        </p>
        <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm" aria-label="Backup codes">
          {started.backupCodes.map((backup) => (
            <li key={backup}>{backup}</li>
          ))}
        </ul>
      </div>
      <TextField
        id={`${id}-code`}
        label="3. The 6-digit code the app shows now"
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onValueChange={setCode}
      />
      {errorLine}
      <BusyButton type="submit" className="btn-primary" busy={busy}>
        Turn on two-factor sign-in
      </BusyButton>
    </form>
  );
}
