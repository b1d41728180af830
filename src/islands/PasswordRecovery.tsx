import { useId, useState, type SubmitEvent } from "react";
import { api, errorMessage } from "../lib/api-client.ts";
import { useFieldErrors } from "../lib/use-field-errors.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { BusyButton } from "./ui/busy-button.tsx";
import { PasswordField } from "./ui/password-field.tsx";
import { EmailField } from "./ui/text-field.tsx";

interface Notice {
  text: string;
  error: boolean;
}

type Props = { mode: "request" } | { mode: "reset" | "invitation"; token: string };

/**
 * "Forgot password?" (/forgot-password: ask for a link) and the link's page (/reset-password: choose
 * a new password; a staff invitation's link, issue 20, sets the first one there and leads to the
 * admin panel's sign-in). The request's answer is the same for every address (the server does not say
 * whether an account uses it).
 */
export default function PasswordRecovery(props: Props) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const ready = useHydrated();
  const id = useId();
  // A refused address or password (too short, too common) is said under its field.
  const server = useFieldErrors(["email", "newPassword"] as const, (name) => (name === "email" ? `${id}-email` : `${id}-password`));

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (props.mode !== "request" && password !== confirm) {
      setNotice({ text: "Please make sure your passwords match", error: true });
      return;
    }
    setBusy(true);
    setNotice(null);
    server.clear();
    try {
      const { message } =
        props.mode === "request"
          ? await api.post<{ message: string }>("/api/auth/request-password-reset", { email })
          : await api.post<{ message: string }>("/api/auth/reset-password", { token: props.token, newPassword: password });
      setNotice({ text: props.mode === "invitation" ? "Your password is set. You can sign in now." : message, error: false });
      setDone(true);
    } catch (error) {
      if (!server.take(error)) setNotice({ text: errorMessage(error, "Something went wrong. Please try again."), error: true });
    }
    setBusy(false);
  }

  const title = props.mode === "request" ? "Forgot your password?" : props.mode === "invitation" ? "Set your password" : "Choose a new password";
  return (
    <div className="card mx-auto w-full max-w-md p-6 sm:p-8">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-1 text-sm text-slate-300">
        {props.mode === "request"
          ? "Enter the email address of your account and we will email you a link to choose a new password."
          : props.mode === "invitation"
            ? "You were invited to the staff. Choose a password of at least 8 characters to sign in with this address."
            : "Your new password must be at least 8 characters. Every device signed in to your account will be signed out."}
      </p>
      {notice && (
        <div
          role={notice.error ? "alert" : "status"}
          className={`mt-4 rounded-lg border p-3 text-sm break-words ${notice.error ? "border-red-500/50 bg-red-500/10 text-red-200" : "border-emerald-500/50 bg-emerald-500/10 text-emerald-200"}`}
        >
          {notice.text}
        </div>
      )}
      {done ? (
        <p className="mt-6 text-center text-sm">
          {props.mode === "request" ? (
            <a href="/login" className="font-semibold text-brand-300 underline-offset-2 hover:underline">
              Back to log in
            </a>
          ) : props.mode === "invitation" ? (
            <a href="/admin" className="btn-primary inline-flex px-5 py-2.5">
              Sign in to the admin panel
            </a>
          ) : (
            <a href="/login" className="btn-primary inline-flex px-5 py-2.5">
              Log in
            </a>
          )}
        </p>
      ) : (
        <form className="mt-6 space-y-4" method="post" onSubmit={submit}>
          {props.mode === "request" ? (
            <EmailField id={`${id}-email`} required value={email} onValueChange={server.typed("email", setEmail)} error={server.errors.email} />
          ) : (
            <>
              <PasswordField
                id={`${id}-password`}
                label="New password"
                purpose="new"
                minLength={8}
                value={password}
                onValueChange={server.typed("newPassword", setPassword)}
                error={server.errors.newPassword}
              />
              <PasswordField id={`${id}-confirm`} label="Confirm new password" purpose="new" value={confirm} onValueChange={setConfirm} />
            </>
          )}
          <BusyButton type="submit" className="btn-primary w-full py-2.5" busy={busy} disabled={!ready}>
            {busy ? "Please wait..." : props.mode === "request" ? "Email me a link" : props.mode === "invitation" ? "Set password" : "Set new password"}
          </BusyButton>
          <p className="text-center text-sm">
            <a href="/login" className="text-brand-300 underline-offset-2 hover:underline">
              Back to log in
            </a>
          </p>
        </form>
      )}
    </div>
  );
}
