import { useId, useState, type SubmitEvent } from "react";
import { api, errorMessage } from "../lib/api-client.ts";
import { useFieldErrors } from "../lib/use-field-errors.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import PasskeyList from "./PasskeyList.tsx";
import SessionList from "./SessionList.tsx";
import { BusyButton } from "./ui/busy-button.tsx";
import { PasswordField } from "./ui/password-field.tsx";
import { TextField } from "./ui/text-field.tsx";

interface Props {
  email: string;
  firstName: string | null;
  emailVerified: boolean;
}

type Notice = { text: string; error: boolean } | null;

function NoticeLine({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return (
    <p role={notice.error ? "alert" : "status"} className={`text-sm break-words ${notice.error ? "text-red-300" : "text-emerald-300"}`}>
      {notice.text}
    </p>
  );
}

/** Each field the server may name, by the suffix of its input's id. */
const FIELD_IDS = { firstName: "first-name", currentPassword: "current", newPassword: "new", newEmail: "new-email" } as const;

const message = (error: unknown) => errorMessage(error, "Something went wrong. Please try again.");

/**
 * The dashboard's account settings (issue 19): the address and whether it is verified (with a
 * resend button), the first name, a password change, and where the account is signed in (issue
 * 20: each session listed, any other one signed out).
 */
export default function AccountSettings({ email, firstName: initialFirstName, emailVerified }: Props) {
  const id = useId();
  const ready = useHydrated();
  const [firstName, setFirstName] = useState(initialFirstName ?? "");
  const [nameNotice, setNameNotice] = useState<Notice>(null);
  const [verifyNotice, setVerifyNotice] = useState<Notice>(null);
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [passwordNotice, setPasswordNotice] = useState<Notice>(null);
  const [newEmail, setNewEmail] = useState("");
  const [emailNotice, setEmailNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // What the server says of a field (the current password is wrong, the new one too common) shows under it.
  const server = useFieldErrors(["firstName", "currentPassword", "newPassword", "newEmail"] as const, (name) => `${id}-${FIELD_IDS[name]}`);

  async function run(name: string, work: () => Promise<string>, notify: (notice: Notice) => void) {
    setBusy(name);
    notify(null);
    server.clear();
    try {
      notify({ text: await work(), error: false });
    } catch (error) {
      if (!server.take(error)) notify({ text: message(error), error: true });
    }
    setBusy(null);
  }

  const saveName = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run("name", async () => (await api.patch("/api/auth/user", { firstName }), "Saved. Reload to see the new greeting."), setNameNotice);
  };
  const changePassword = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(
      "password",
      async () => {
        const { message: done } = await api.post<{ message: string }>("/api/auth/change-password", { currentPassword: current, newPassword: next });
        setCurrent("");
        setNext("");
        return done;
      },
      setPasswordNotice,
    );
  };

  const changeEmail = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run("email", async () => (await api.post<{ message: string }>("/api/auth/change-email", { newEmail })).message, setEmailNotice);
  };

  return (
    <section className="card mt-8 min-w-0 p-5 sm:p-6" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-bold">
        Account settings
      </h2>
      <div className="mt-4 flex min-w-0 flex-wrap items-center gap-2 text-sm">
        <span className="min-w-0 break-all text-slate-200">{email}</span>
        {emailVerified ? (
          <span className="rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-semibold text-emerald-300">Verified</span>
        ) : (
          <>
            <span className="rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-semibold text-amber-200">Not verified</span>
            <BusyButton
              type="button"
              className="btn-secondary px-3 py-1 text-xs"
              busy={busy !== null}
              disabled={!ready}
              onClick={() =>
                void run("verify", async () => (await api.post<{ message: string }>("/api/auth/send-verification-email")).message, setVerifyNotice)
              }
            >
              Resend verification email
            </BusyButton>
          </>
        )}
      </div>
      <NoticeLine notice={verifyNotice} />

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <form onSubmit={saveName} className="min-w-0 space-y-3" aria-labelledby={`${id}-name-title`}>
          <h3 id={`${id}-name-title`} className="font-semibold">
            Your name
          </h3>
          <TextField
            id={`${id}-first-name`}
            label="First name"
            maxLength={60}
            autoComplete="given-name"
            value={firstName}
            onValueChange={server.typed("firstName", setFirstName)}
            error={server.errors.firstName}
          />
          <BusyButton type="submit" className="btn-primary px-4 py-2" busy={busy !== null} disabled={!ready}>
            {busy === "name" ? "Saving..." : "Save name"}
          </BusyButton>
          <NoticeLine notice={nameNotice} />
        </form>

        <form onSubmit={changePassword} className="min-w-0 space-y-3" aria-labelledby={`${id}-password-title`}>
          <h3 id={`${id}-password-title`} className="font-semibold">
            Change password
          </h3>
          <PasswordField
            id={`${id}-current`}
            label="Current password"
            purpose="current"
            value={current}
            onValueChange={server.typed("currentPassword", setCurrent)}
            error={server.errors.currentPassword}
          />
          <PasswordField
            id={`${id}-new`}
            label="New password"
            purpose="new"
            minLength={8}
            value={next}
            onValueChange={server.typed("newPassword", setNext)}
            error={server.errors.newPassword}
          />
          <BusyButton type="submit" className="btn-primary px-4 py-2" busy={busy !== null} disabled={!ready}>
            {busy === "password" ? "Changing..." : "Change password"}
          </BusyButton>
          <NoticeLine notice={passwordNotice} />
        </form>
      </div>

      <form onSubmit={changeEmail} className="mt-6 min-w-0 space-y-3 border-t border-ink-700 pt-4" aria-labelledby={`${id}-email-title`}>
        <h3 id={`${id}-email-title`} className="font-semibold">
          Change email
        </h3>
        <p className="text-sm text-slate-300">Nothing changes until you open the link we email you.</p>
        <TextField
          className="max-w-md"
          id={`${id}-new-email`}
          label="New email address"
          type="email"
          required
          autoComplete="email"
          value={newEmail}
          onValueChange={server.typed("newEmail", setNewEmail)}
          error={server.errors.newEmail}
        />
        <BusyButton type="submit" className="btn-primary px-4 py-2" busy={busy !== null} disabled={!ready}>
          {busy === "email" ? "Sending..." : "Send the link"}
        </BusyButton>
        <NoticeLine notice={emailNotice} />
      </form>

      <div className="mt-6 border-t border-ink-700 pt-4">
        <PasskeyList />
      </div>

      <div className="mt-6 border-t border-ink-700 pt-4">
        <SessionList />
      </div>
    </section>
  );
}
