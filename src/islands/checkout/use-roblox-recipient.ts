import { useEffect, useState } from "react";
import { isValidRobloxUsername } from "#domain/checkout/roblox-username.ts";
import { api, ApiError } from "../../lib/api-client.ts";

/** What Roblox says about the typed name ("Is this you?"), as POST /api/roblox/resolve answers. */
export type RecipientCheck =
  | { state: "idle" }
  | { state: "checking" }
  | { state: "found"; id: number; name: string; displayName: string; avatarUrl: string | null }
  | { state: "unchecked" }
  | { state: "unknown"; message: string }
  | { state: "banned"; message: string };

/** Waits this long after the last keystroke, so one name is asked once, well within a second. */
export const RESOLVE_DEBOUNCE_MS = 350;

type Resolved = { id: number; name: string; displayName: string; avatarUrl: string | null; verified: true } | { name: string; verified: false };

/**
 * Asks Roblox who `username` is as the shopper types: a malformed name is not asked (the field's
 * own rule says what is wrong), a newer name replaces an answer still on its way.
 */
export function useRobloxRecipient(username: string): RecipientCheck {
  const [check, setCheck] = useState<RecipientCheck>({ state: "idle" });
  useEffect(() => {
    const name = username.trim();
    if (!isValidRobloxUsername(name)) {
      setCheck({ state: "idle" });
      return;
    }
    let current = true;
    setCheck({ state: "checking" });
    const timer = setTimeout(() => {
      api
        .post<Resolved>("/api/roblox/resolve", { username: name })
        .then((answer) => {
          if (!current) return;
          setCheck(
            answer.verified
              ? { state: "found", id: answer.id, name: answer.name, displayName: answer.displayName, avatarUrl: answer.avatarUrl }
              : { state: "unchecked" },
          );
        })
        .catch((error: unknown) => {
          if (!current) return;
          const code = error instanceof ApiError ? error.body["code"] : null;
          if (code === "roblox_user_not_found") setCheck({ state: "unknown", message: (error as ApiError).message });
          else if (code === "roblox_user_banned") setCheck({ state: "banned", message: (error as ApiError).message });
          // Limited or failed: checkout still checks the name when it prepares.
          else setCheck({ state: "unchecked" });
        });
    }, RESOLVE_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [username]);
  return check;
}
