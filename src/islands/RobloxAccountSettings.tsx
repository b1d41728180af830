import { useId, useState, type SubmitEvent } from "react";
import { ROBLOX_USERNAME_MAX } from "#domain/checkout/roblox-username.ts";
import { api, errorMessage, fieldErrorsOf } from "../lib/api-client.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { RobloxRecipientCard } from "./checkout/RobloxRecipientCard.tsx";
import { useRobloxRecipient } from "./checkout/use-roblox-recipient.ts";
import { BusyButton } from "./ui/busy-button.tsx";
import { TextField } from "./ui/text-field.tsx";

interface Props {
  /** The saved Roblox account's name, or null. */
  saved: string | null;
  /** The Roblox account linked by signing in with Roblox (proof), or null. */
  linked: { userId: number } | null;
  /** Sign in with Roblox is configured (ROBLOX_CLIENT_ID and ROBLOX_CLIENT_SECRET): the Link button shows. */
  robloxSignIn: boolean;
  /** Back from Roblox: linked, or the link did not complete (refused, or the account is another shopper's). */
  linkOutcome?: "linked" | "failed" | null;
}

/**
 * The dashboard's Roblox account: the name the next checkout starts with, checked at Roblox as it
 * is typed ("Is this you?") and when saved (unknown or banned refused at the field). A shopper may
 * link their account instead by signing in with Roblox: a linked account is proof of who receives.
 */
export default function RobloxAccountSettings({ saved: initial, linked, robloxSignIn, linkOutcome = null }: Props) {
  const id = useId();
  const ready = useHydrated();
  const [saved, setSaved] = useState(initial);
  const [username, setUsername] = useState(initial ?? "");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const check = useRobloxRecipient(username === saved ? "" : username);
  const refusal = check.state === "unknown" || check.state === "banned" ? check.message : null;

  async function run(work: () => Promise<string>) {
    setBusy(true);
    setNotice(null);
    setError(null);
    try {
      setNotice(await work());
    } catch (failure) {
      setError(fieldErrorsOf(failure, ["username"] as const).username ?? errorMessage(failure, "Something went wrong. Please try again."));
    }
    setBusy(false);
  }

  const save = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      const answer = await api.put<{ robloxUsername: string }>("/api/account/roblox", { username: username.trim() });
      setSaved(answer.robloxUsername);
      setUsername(answer.robloxUsername);
      return `Saved: your next checkout starts with @${answer.robloxUsername}.`;
    });
  };

  const forget = () =>
    void run(async () => {
      await api.delete("/api/account/roblox");
      setSaved(null);
      setUsername("");
      return "Removed.";
    });

  return (
    <section className="card mt-8 min-w-0 p-5 sm:p-6" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-bold">
        Your Roblox account
      </h2>
      {linkOutcome === "failed" ? (
        <p role="alert" className="mt-2 text-sm text-red-300">
          Linking with Roblox did not complete. Try again; a Roblox account can be linked to one store account only.
        </p>
      ) : null}
      {linked ? (
        <p className="mt-2 text-sm text-emerald-300" role={linkOutcome === "linked" ? "status" : undefined}>
          Linked with Roblox (user id {linked.userId}): orders to this account go to a proven recipient, and you can sign in with Roblox.
        </p>
      ) : robloxSignIn ? (
        <p className="mt-2 text-sm text-slate-300">
          <a className="btn-secondary mt-1 inline-flex px-4 py-2" href="/api/auth/roblox/link">
            Link with Roblox
          </a>
          <span className="mt-1 block">Signing in with Roblox proves the account is yours; you can then also sign in with it.</span>
        </p>
      ) : null}
      <form onSubmit={save} className="mt-4 max-w-md min-w-0 space-y-3" aria-label="Saved Roblox account">
        <TextField
          id={`${id}-username`}
          label="Roblox username"
          autoComplete="username"
          maxLength={ROBLOX_USERNAME_MAX}
          spellCheck={false}
          autoCapitalize="off"
          value={username}
          error={error ?? refusal}
          announceError={error !== null}
          onValueChange={(value) => {
            setUsername(value);
            setError(null);
          }}
        >
          <p className="mt-1 text-xs text-slate-400">Your next checkout starts with this account, checked with Roblox again then.</p>
          <RobloxRecipientCard check={check} />
        </TextField>
        <div className="flex flex-wrap gap-2">
          <BusyButton type="submit" className="btn-primary px-4 py-2" busy={busy} disabled={!ready}>
            {busy ? "Saving..." : "Save Roblox account"}
          </BusyButton>
          {saved ? (
            <BusyButton type="button" className="btn-secondary px-4 py-2" busy={busy} disabled={!ready} onClick={forget}>
              Remove
            </BusyButton>
          ) : null}
        </div>
        {notice ? (
          <p role="status" className="text-sm text-emerald-300">
            {notice}
          </p>
        ) : null}
      </form>
    </section>
  );
}
