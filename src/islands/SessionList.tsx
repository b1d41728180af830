import { useEffect, useId, useState } from "react";
import type { SessionView } from "#read-models/accounts/session.views.ts";
import { api, errorMessage } from "../lib/api-client.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { useNoticeAction } from "../lib/use-notice-action.ts";
import { BusyButton } from "./ui/busy-button.tsx";

const HOUR_MS = 60 * 60 * 1000;

/** "Active in the last hour" (a session's last use is known to within its hourly refresh), else how long ago. */
function lastActive(iso: string, now = new Date().getTime()): string {
  const ago = now - Date.parse(iso);
  if (ago < HOUR_MS) return "Active in the last hour";
  const words = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
  if (ago < 24 * HOUR_MS) return `Last active ${words.format(-Math.floor(ago / HOUR_MS), "hour")}`;
  return `Last active ${words.format(-Math.floor(ago / (24 * HOUR_MS)), "day")}`;
}

const message = (error: unknown) => errorMessage(error, "Something went wrong. Please try again.");

/**
 * Where the account is signed in (issue 20), in the dashboard's account settings and the admin
 * panel: each session's device, when it was last used and which one is this device; any other one
 * can be signed out, or all of them at once. This device signs out with the usual Logout.
 */
export default function SessionList() {
  const id = useId();
  const [sessions, setSessions] = useState<SessionView[] | null>(null);
  const { notice, setNotice, busy, act } = useNoticeAction(message);
  // The dashboard hydrates account settings when they scroll into view: no "Loading" before that.
  const ready = useHydrated();

  const load = () => api.get<SessionView[]>("/api/auth/sessions").then(setSessions, (error: unknown) => setNotice({ text: message(error), error: true }));
  useEffect(() => {
    void load();
  }, []);

  const end = (session: SessionView) =>
    act(async () => {
      setSessions(await api.delete<SessionView[]>(`/api/auth/sessions/${encodeURIComponent(session.id)}`));
      return `${session.device} was signed out.`;
    });
  const endOthers = () =>
    act(async () => {
      const { message: done } = await api.post<{ message: string }>("/api/auth/revoke-other-sessions");
      await load();
      return done;
    });

  return (
    <section className="min-w-0 space-y-3" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold">
        Where you are signed in
      </h3>
      {ready && !sessions && !notice && (
        <p className="text-sm text-slate-300" role="status">
          Loading sessions...
        </p>
      )}
      {sessions && (
        <ul className="space-y-2" aria-label="Active sessions">
          {sessions.map((session) => (
            <li
              key={session.id}
              className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-ink-700 p-3"
              aria-label={session.current ? `${session.device}, this device` : session.device}
            >
              <div className="min-w-0 flex-1">
                <p className="break-words text-sm font-semibold">
                  {session.device}
                  {session.current && (
                    <span className="ml-2 rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-semibold text-emerald-300">This device</span>
                  )}
                </p>
                <p className="text-xs text-slate-400">
                  {session.current ? "Active now" : lastActive(session.lastSeenAt)} · signed in{" "}
                  <time dateTime={session.signedInAt}>{new Date(session.signedInAt).toLocaleDateString()}</time>
                </p>
              </div>
              {!session.current && (
                <BusyButton
                  type="button"
                  className="btn-secondary px-3 py-1 text-xs"
                  busy={busy}
                  onClick={() => void end(session)}
                  aria-label={`Sign out ${session.device}`}
                >
                  Sign out
                </BusyButton>
              )}
            </li>
          ))}
        </ul>
      )}
      <BusyButton type="button" className="btn-secondary px-4 py-2" busy={busy} disabled={!sessions} onClick={() => void endOthers()}>
        Sign out of other devices
      </BusyButton>
      {notice && (
        <p role={notice.error ? "alert" : "status"} className={`text-sm break-words ${notice.error ? "text-red-300" : "text-emerald-300"}`}>
          {notice.text}
        </p>
      )}
    </section>
  );
}
