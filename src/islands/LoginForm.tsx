import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useHydrated } from "../lib/use-hydrated.ts";
import { forgetSession, type SessionAnswer } from "../stores/session.ts";
import { api, errorMessage } from "../lib/api-client.ts";
import { passkeyProblem, passkeysSupported, signInWithPasskey } from "../lib/passkeys.ts";
import { BusyButton } from "./ui/busy-button.tsx";
import { PasswordField } from "./ui/password-field.tsx";
import { EmailField, FieldError, invalidWhen, TextField } from "./ui/text-field.tsx";
import { BirthDateField } from "./ui/birth-date-field.tsx";
import { useFieldErrors } from "../lib/use-field-errors.ts";

type Mode = "login" | "register";
interface Notice {
  title: string;
  description: string;
  destructive: boolean;
}

interface Props {
  /** Already checked on the server to be a path on this site. */
  redirect: string;
  googleEnabled: boolean;
  /** Sign in with Roblox is configured (only for a Roblox account linked in the dashboard). */
  robloxEnabled?: boolean;
  initialNotice: Notice | null;
}

/** The spec's login page: log in / create account, with its exact texts (storefront.md 2, 4, 5, 8). */
export default function LoginForm({ redirect, googleEnabled, robloxEnabled = false, initialNotice }: Props) {
  // Whoever signs in here (with a password or Google), the next page must ask who it is.
  useEffect(() => forgetSession(), []);
  const [mode, setMode] = useState<Mode>("login");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [firstName, setFirstName] = useState("");
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [birthDate, setBirthDate] = useState("");
  const [birthDateError, setBirthDateError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(initialNotice);
  const id = useId();
  // The server's word on a field (a common password, an address it refuses) shows under that field.
  const server = useFieldErrors(["firstName", "email", "password", "birthDate"] as const, (name) =>
    name === "firstName" ? `${id}-first-name` : name === "birthDate" ? `${id}-birth-date` : `${id}-${name}`,
  );
  // Until the island runs, submitting would post the form natively: keep the buttons disabled.
  const ready = useHydrated();
  // Whatever was typed before the island hydrated is kept, not wiped by the first render.
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (emailRef.current?.value) setEmail(emailRef.current.value);
    if (passwordRef.current?.value) setPassword(passwordRef.current.value);
  }, []);

  function toggle() {
    setMode(mode === "login" ? "register" : "login");
    setEmail("");
    setPassword("");
    setConfirmPassword("");
    setFirstName("");
    setAcceptTerms(false);
    setBirthDate("");
    setBirthDateError(null);
    server.clear();
    setNotice(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (mode === "register" && password !== confirmPassword) {
      setNotice({ title: "Passwords don't match", description: "Please make sure your passwords match", destructive: true });
      return;
    }
    // Checked here rather than with `required`, so the notice names what is missing (the server refuses too).
    if (mode === "register" && !acceptTerms) {
      setNotice({
        title: "Please accept the Terms",
        description: "To create an account, confirm that you accept the Terms of Service and are at least 13 years old.",
        destructive: true,
      });
      return;
    }
    // The date's problem is said at its field.
    setBirthDateError(null);
    if (mode === "register" && !birthDate) {
      setBirthDateError("Enter your date of birth.");
      document.getElementById(`${id}-birth-date`)?.focus();
      return;
    }
    setBusy(true);
    setNotice(null);
    server.clear();
    try {
      if (mode === "register") {
        await api.post("/api/auth/register", { email, password, acceptTerms, birthDate, ...(firstName.trim() ? { firstName: firstName.trim() } : {}) });
        setMode("login");
        setPassword("");
        setConfirmPassword("");
        setFirstName("");
        setAcceptTerms(false);
        setBirthDate("");
        setNotice({ title: "Account created!", description: "You can now log in with your credentials.", destructive: false });
      } else {
        const answer = await api.post<{ user?: SessionAnswer["user"] }>("/api/auth/login-user", { email, password });
        forgetSession({ authenticated: true, user: answer?.user ?? null });
        setNotice({ title: "Welcome back!", description: "You've successfully logged in", destructive: false });
        // A full navigation, so every island and the header start from the new session.
        window.location.assign(redirect);
        return;
      }
    } catch (error) {
      const fallback = mode === "register" ? "Registration failed" : "Login failed";
      if (server.take(error)) {
        setBusy(false);
        return;
      }
      setNotice({ title: "Error", description: errorMessage(error, fallback), destructive: true });
    }
    setBusy(false);
  }

  async function passkeySignIn() {
    setBusy(true);
    setNotice(null);
    try {
      const answer = await signInWithPasskey();
      forgetSession({ authenticated: true, user: answer.user });
      setNotice({ title: "Welcome back!", description: "You've successfully logged in", destructive: false });
      window.location.assign(redirect);
      return;
    } catch (error) {
      setNotice({ title: "Error", description: passkeyProblem(error), destructive: true });
    }
    setBusy(false);
  }

  const title = mode === "login" ? "Log in" : "Create account";
  return (
    <div className="card mx-auto w-full max-w-md p-6 sm:p-8">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-1 text-sm text-slate-300">
        {mode === "login" ? "Welcome back. Log in to check out and see your orders." : "Create an account to check out and earn rewards points."}
      </p>
      {notice && (
        <div
          role={notice.destructive ? "alert" : "status"}
          className={`mt-4 rounded-lg border p-3 text-sm ${notice.destructive ? "border-red-500/50 bg-red-500/10 text-red-200" : "border-emerald-500/50 bg-emerald-500/10 text-emerald-200"}`}
        >
          <p className="font-semibold">{notice.title}</p>
          <p>{notice.description}</p>
        </div>
      )}
      <form className="mt-6 space-y-4" method="post" onSubmit={submit}>
        {mode === "register" && (
          <TextField
            id={`${id}-first-name`}
            label="First name (optional)"
            type="text"
            maxLength={60}
            autoComplete="given-name"
            value={firstName}
            onValueChange={server.typed("firstName", setFirstName)}
            error={server.errors.firstName}
          />
        )}
        <EmailField ref={emailRef} id={`${id}-email`} required value={email} onValueChange={server.typed("email", setEmail)} error={server.errors.email} />
        <div>
          <div className="mb-1 flex items-baseline justify-between gap-2">
            <label htmlFor={`${id}-password`} className="block text-sm font-medium">
              Password
            </label>
            {mode === "login" && (
              <a href="/forgot-password" className="text-sm text-brand-300 underline-offset-2 hover:underline">
                Forgot password?
              </a>
            )}
          </div>
          <input
            ref={passwordRef}
            id={`${id}-password`}
            type="password"
            required
            autoComplete={mode === "login" ? "current-password" : "new-password"}
            className="input"
            value={password}
            onChange={(e) => server.typed("password", setPassword)(e.target.value)}
            {...invalidWhen(`${id}-password`, server.errors.password)}
          />
          <FieldError id={`${id}-password`} error={server.errors.password} />
        </div>
        {mode === "register" && (
          <BirthDateField
            id={`${id}-birth-date`}
            value={birthDate}
            onValueChange={server.typed("birthDate", setBirthDate)}
            error={birthDateError ?? server.errors.birthDate}
          />
        )}
        {mode === "register" && (
          <PasswordField id={`${id}-confirm`} label="Confirm password" purpose="new" value={confirmPassword} onValueChange={setConfirmPassword} />
        )}
        {mode === "register" && (
          <div className="flex items-start gap-2 text-sm">
            <input
              id={`${id}-terms`}
              type="checkbox"
              aria-required="true"
              className="mt-1 h-4 w-4 shrink-0 accent-brand-500"
              checked={acceptTerms}
              onChange={(e) => setAcceptTerms(e.target.checked)}
            />
            <label htmlFor={`${id}-terms`} className="text-slate-300">
              I am 13 or older and accept the{" "}
              <a href="/terms" target="_blank" rel="noopener" className="text-brand-300 underline underline-offset-2">
                Terms of Service
              </a>
            </label>
          </div>
        )}
        <BusyButton type="submit" className="btn-primary w-full py-2.5" busy={busy} disabled={!ready}>
          {busy ? "Please wait..." : mode === "login" ? "Log In" : "Create Account"}
        </BusyButton>
      </form>
      {mode === "login" && (!ready || passkeysSupported()) && (
        <BusyButton type="button" className="btn-secondary mt-3 w-full py-2.5" busy={busy} disabled={!ready} onClick={() => void passkeySignIn()}>
          Sign in with a passkey
        </BusyButton>
      )}
      {googleEnabled && (
        <>
          <div className="my-5 flex items-center gap-3 text-xs text-slate-400">
            <span className="h-px flex-1 bg-ink-700" /> or <span className="h-px flex-1 bg-ink-700" />
          </div>
          {mode === "register" && !acceptTerms ? (
            // Google creates the account on its way back: the Terms box comes first, as for the form.
            <button
              type="button"
              className="btn-secondary w-full py-2.5"
              onClick={() =>
                setNotice({
                  title: "Please accept the Terms",
                  description: "To create an account, confirm that you accept the Terms of Service and are at least 13 years old.",
                  destructive: true,
                })
              }
            >
              Continue with Google
            </button>
          ) : (
            <a
              href={`/api/auth/google?redirect=${encodeURIComponent(redirect)}${mode === "register" ? "&acceptTerms=1" : ""}`}
              className="btn-secondary w-full py-2.5"
            >
              Continue with Google
            </a>
          )}
        </>
      )}
      {robloxEnabled && mode === "login" && (
        <a href={`/api/auth/roblox?redirect=${encodeURIComponent(redirect)}`} className="btn-secondary mt-3 w-full py-2.5">
          Sign in with Roblox
        </a>
      )}
      <p className="mt-6 text-center text-sm text-slate-300">
        {mode === "login" ? "Don't have an account? " : "Already have an account? "}
        <button type="button" className="font-semibold text-brand-300 underline-offset-2 hover:underline" onClick={toggle} disabled={!ready}>
          {mode === "login" ? "Sign up" : "Log in"}
        </button>
      </p>
    </div>
  );
}
