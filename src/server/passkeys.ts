import type { PasskeyView } from "#read-models/accounts/passkey.views.ts";
import { ErrorCode } from "#domain/shared/error-codes.ts";
import { DomainError } from "#domain/shared/domain-error.ts";
import { authFailure, callAuth } from "./auth-bridge.ts";
import type { RouteContext } from "./http.ts";

/** The signed-in account's passkeys, newest first. */
export async function listPasskeys(context: RouteContext): Promise<PasskeyView[]> {
  const response = await callAuth(context, "GET", "/passkey/list-user-passkeys");
  if (!response.ok) throw await authFailure(response);
  const rows = (await response.json()) as { id: string; name?: string | null; deviceType: string; backedUp: boolean; createdAt?: string | Date | null }[];
  return rows
    .map((row) => ({
      id: row.id,
      name: row.name ?? null,
      deviceType: row.deviceType,
      backedUp: Boolean(row.backedUp),
      createdAt: row.createdAt ? new Date(row.createdAt).toISOString() : null,
    }))
    .sort((a, b) => (b.createdAt ?? "").localeCompare(a.createdAt ?? ""));
}

/**
 * better-auth's passkey answers in the shop's words. Adding a passkey needs a recent sign-in
 * (better-auth's fresh-session rule, one day): an older session is asked to sign in again.
 */
export async function passkeyFailure(response: Response): Promise<DomainError> {
  const failure = await authFailure(response.clone());
  const data = (await response.json().catch(() => ({}))) as { code?: string };
  if (data.code === "SESSION_NOT_FRESH")
    return new DomainError("forbidden", ErrorCode.signInAgain, "Sign in again to add a passkey (for your safety this needs a recent sign-in)");
  if (failure.kind === "rate_limited") return failure;
  if (response.status === 401)
    return new DomainError(
      "unauthenticated",
      ErrorCode.passkeyNotAccepted,
      "That passkey is not known here. Sign in with your password, then add it in your account settings",
    );
  return new DomainError("invalid", ErrorCode.passkeyNotAccepted, "That passkey could not be used. Try again, or sign in with your password");
}
