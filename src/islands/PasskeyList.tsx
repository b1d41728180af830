import { useEffect, useId, useState } from "react";
import { api } from "../lib/api-client.ts";
import { addPasskey, passkeyProblem, passkeysSupported, type PasskeyView } from "../lib/passkeys.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { useNoticeAction } from "../lib/use-notice-action.ts";
import { BusyButton } from "./ui/busy-button.tsx";

/**
 * The account's passkeys (issue 20), in the dashboard's account settings and the admin panel: add
 * one (the browser or phone asks for a fingerprint, face or PIN), see which exist, remove any.
 * A passkey then signs in from the login pages without a password.
 */
export default function PasskeyList() {
  const id = useId();
  const ready = useHydrated();
  const [passkeys, setPasskeys] = useState<PasskeyView[] | null>(null);
  const [name, setName] = useState("");
  const { notice, setNotice, busy, act } = useNoticeAction(passkeyProblem);

  useEffect(() => {
    api.get<PasskeyView[]>("/api/auth/passkeys").then(setPasskeys, (error: unknown) => setNotice({ text: passkeyProblem(error), error: true }));
  }, []);

  const add = () =>
    act(async () => {
      setPasskeys(await addPasskey(name.trim() || undefined));
      setName("");
      return "Passkey added. Next time, choose “Sign in with a passkey”.";
    });
  const remove = (passkey: PasskeyView) =>
    act(async () => {
      setPasskeys(await api.delete<PasskeyView[]>(`/api/auth/passkeys/${encodeURIComponent(passkey.id)}`));
      return `${passkey.name ?? "The passkey"} was removed.`;
    });
  const label = (passkey: PasskeyView) => passkey.name ?? (passkey.deviceType === "multiDevice" ? "Synced passkey" : "Passkey on one device");

  return (
    <section className="min-w-0 space-y-3" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold">
        Passkeys
      </h3>
      <p className="text-sm text-slate-300">Sign in with your fingerprint, face or device PIN instead of a password.</p>
      {ready && !passkeys && !notice && (
        <p className="text-sm text-slate-300" role="status">
          Loading passkeys...
        </p>
      )}
      {passkeys && passkeys.length === 0 && <p className="text-sm text-slate-400">No passkeys yet.</p>}
      {passkeys && passkeys.length > 0 && (
        <ul className="space-y-2" aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-ink-700 p-3">
              <div className="min-w-0 flex-1">
                <p className="break-words text-sm font-semibold">{label(passkey)}</p>
                {passkey.createdAt && (
                  <p className="text-xs text-slate-400">
                    Added <time dateTime={passkey.createdAt}>{new Date(passkey.createdAt).toLocaleDateString()}</time>
                  </p>
                )}
              </div>
              <BusyButton
                type="button"
                className="btn-secondary px-3 py-1 text-xs"
                busy={busy}
                onClick={() => void remove(passkey)}
                aria-label={`Remove ${label(passkey)}`}
              >
                Remove
              </BusyButton>
            </li>
          ))}
        </ul>
      )}
      {ready && passkeysSupported() && (
        <div className="flex min-w-0 flex-wrap gap-2">
          <label htmlFor={`${id}-name`} className="sr-only">
            Passkey name (optional)
          </label>
          <input
            id={`${id}-name`}
            className="input min-w-0 flex-1"
            placeholder="Name, e.g. My phone (optional)"
            maxLength={60}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <BusyButton type="button" className="btn-secondary shrink-0 px-4 py-2" busy={busy} disabled={!passkeys} onClick={() => void add()}>
            Add a passkey
          </BusyButton>
        </div>
      )}
      {notice && (
        <p role={notice.error ? "alert" : "status"} className={`text-sm break-words ${notice.error ? "text-red-300" : "text-emerald-300"}`}>
          {notice.text}
        </p>
      )}
    </section>
  );
}
