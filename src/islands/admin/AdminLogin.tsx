import { useId, useState, type SubmitEvent } from "react";
import { api, ApiError } from "#src/lib/api-client.ts";
import { passkeyProblem, passkeysSupported, signInWithPasskey } from "#src/lib/passkeys.ts";
import { useHydrated } from "#src/lib/use-hydrated.ts";
import { showToast } from "#src/stores/toast.ts";
import SecondFactorForm from "./SecondFactorForm.tsx";
import { BusyButton } from "../ui/busy-button.tsx";
import { PasswordField } from "../ui/password-field.tsx";
import { TextField } from "../ui/text-field.tsx";

const REFUSED = "Invalid credentials or insufficient permissions";

/**
 * The Admin Login form: succeeds only when the answer is ok and the user is an administrator.
 * `notice` says why the form is back (a session that expired while the panel was open).
 */
export default function AdminLogin({ onLoggedIn, notice }: { onLoggedIn: () => void; notice?: string | null }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [secondFactor, setSecondFactor] = useState(false);
  const id = useId();
  const ready = useHydrated();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (email.trim() === "" || password === "") return;
    setBusy(true);
    try {
      const { user, twoFactorRequired } = await api.post<{ user?: { isAdmin?: boolean }; twoFactorRequired?: boolean }>("/api/auth/login", { email, password });
      if (twoFactorRequired) {
        // The password was right; the session opens after a code (issue 20).
        setPassword("");
        setSecondFactor(true);
        setBusy(false);
        return;
      }
      if (user?.isAdmin !== true) {
        showToast({ title: "Login Failed", description: REFUSED, variant: "destructive" });
        setBusy(false);
        return;
      }
      showToast({ title: "Login Successful", description: "Welcome to the admin panel" });
      onLoggedIn();
    } catch (error) {
      const description = error instanceof ApiError ? error.message || REFUSED : "An error occurred during login";
      showToast({ title: "Login Failed", description, variant: "destructive" });
      setBusy(false);
    }
  }

  async function passkeySignIn() {
    setBusy(true);
    try {
      // A passkey is a second factor in itself: no code is asked after it (docs/security.md).
      await signInWithPasskey(true);
      showToast({ title: "Login Successful", description: "Welcome to the admin panel" });
      onLoggedIn();
    } catch (error) {
      showToast({ title: "Login Failed", description: passkeyProblem(error), variant: "destructive" });
      setBusy(false);
    }
  }

  if (secondFactor) {
    return (
      <div className="px-4 py-12 sm:py-20">
        <SecondFactorForm
          onVerified={() => {
            showToast({ title: "Login Successful", description: "Welcome to the admin panel" });
            onLoggedIn();
          }}
          onCancel={() => setSecondFactor(false)}
        />
      </div>
    );
  }

  return (
    <div className="px-4 py-12 sm:py-20">
      {/* The passkey button is part of the card, under the form: outside it, it spanned the page (issue 47). */}
      <div className="card mx-auto w-full max-w-md p-6 sm:p-8">
        <form className="space-y-4" onSubmit={submit} method="post">
          <h1 className="text-2xl font-bold">Admin Login</h1>
          {notice && (
            <p role="alert" className="rounded-lg border border-amber-500/50 bg-amber-500/10 px-3 py-2 text-sm text-amber-100">
              {notice}
            </p>
          )}
          <TextField id={`${id}-email`} label="Email" type="email" required autoComplete="username" value={email} onValueChange={setEmail} />
          <PasswordField id={`${id}-password`} label="Password" purpose="current" value={password} onValueChange={setPassword} />
          <BusyButton type="submit" className="btn-primary w-full py-2.5" busy={busy} disabled={!ready}>
            {busy ? "Logging in..." : "Login"}
          </BusyButton>
        </form>
        {(!ready || passkeysSupported()) && (
          <BusyButton type="button" className="btn-secondary mt-3 w-full py-2.5" busy={busy} disabled={!ready} onClick={() => void passkeySignIn()}>
            Sign in with a passkey
          </BusyButton>
        )}
      </div>
    </div>
  );
}
