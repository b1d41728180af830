import { atom } from "nanostores";
import { displayName } from "#domain/accounts/user.ts";
import { api } from "../lib/api-client.ts";

/** What the header needs of GET /api/auth/session: whether someone is signed in, and their name. */
export interface SessionSummary {
  authenticated: boolean;
  /** The header's greeting: domain/accounts/user.ts displayName (the first name, else the address before the @). */
  name: string | null;
}

export interface SessionAnswer {
  authenticated: boolean;
  user: { email: string; firstName: string | null } | null;
}

/** The visitor's session as the page knows it; null until read. */
export const $session = atom<SessionSummary | null>(null);

/**
 * The last answer, kept in localStorage (read before the header is painted by the inline
 * ACCOUNT_SLOT_SCRIPT, src/lib/inline-scripts.mjs): the next page shows it at once while the
 * session is read again, so the header's account slot neither flashes nor moves. It is only ever a
 * first guess about the visitor's own session, never shown to anyone else; the answer replaces it.
 */
const HINT_KEY = "sessionHint";

function readHint(): SessionSummary | null {
  try {
    const raw = window.localStorage.getItem(HINT_KEY);
    if (!raw) return null;
    const hint = JSON.parse(raw) as Partial<SessionSummary>;
    return typeof hint.authenticated === "boolean" ? { authenticated: hint.authenticated, name: typeof hint.name === "string" ? hint.name : null } : null;
  } catch {
    return null;
  }
}

function writeHint(session: SessionSummary | null): void {
  try {
    if (session) window.localStorage.setItem(HINT_KEY, JSON.stringify(session));
    else window.localStorage.removeItem(HINT_KEY);
  } catch {
    // Storage unavailable: every page then waits for the session call, nothing else changes.
  }
}

export function summaryOf(answer: SessionAnswer): SessionSummary {
  if (!answer.authenticated || !answer.user) return { authenticated: false, name: null };
  return { authenticated: true, name: displayName(answer.user) };
}

let loading: Promise<void> | null = null;
/**
 * Counts the new sessions this page has made (forgetSession with an answer: a login, a logout). The
 * login page asks for the session when it opens; a slow answer that arrives after the shopper has
 * logged in is a guest's, and it must not overwrite the new session's hint, or the next page paints
 * a guest's header and then moves (seen under load in tests/e2e/page-cache.spec.ts).
 */
let changes = 0;

/**
 * Reads the session once per page, however many islands ask (the page itself is the same HTML
 * for everyone, so it is served from the page cache: who is signed in is filled in here).
 */
export function loadSession(): Promise<void> {
  if (!loading) {
    const hint = readHint();
    if (hint && $session.get() === null) $session.set(hint);
    const asked = changes;
    loading = api
      .get<SessionAnswer>("/api/auth/session")
      .then((answer) => {
        // A login or logout on this page since the question: the answer is about the old session,
        // so it is dropped and the next caller asks again.
        if (asked !== changes) {
          loading = null;
          return;
        }
        const session = summaryOf(answer);
        writeHint(session);
        $session.set(session);
      })
      .catch((error: unknown) => {
        loading = null;
        // Unknown: show the guest's header (Login) rather than nothing; signing in still works.
        if ($session.get() === null) $session.set({ authenticated: false, name: null });
        console.error("session failed to load", error);
      });
  }
  return loading;
}

/**
 * After logging in or out: the next page must not show the header of the session that just ended.
 * With the new session's answer (a password login's), the next page shows it at once; without one
 * it waits for the server's answer.
 */
export function forgetSession(next?: SessionAnswer): void {
  // Only a new session outdates an answer on its way; forgetting alone (the login form does on
  // opening) leaves the server's answer to be the next hint.
  if (next) changes += 1;
  writeHint(next ? summaryOf(next) : null);
}
