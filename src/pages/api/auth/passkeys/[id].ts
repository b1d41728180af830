import { DomainError } from "#domain/shared/domain-error.ts";
import { ErrorCode } from "#domain/shared/error-codes.ts";
import { callAuth } from "#server/auth-bridge.ts";
import { requireUser } from "#server/guards.ts";
import { json, param, route } from "#server/http.ts";
import { listPasskeys, passkeyFailure } from "#server/passkeys.ts";

/** Removes one of the account's own passkeys; another account's id is not found. Answers the rest. */
export const DELETE = route(async (context) => {
  await requireUser(context);
  const id = param(context, "id");
  if (!(await listPasskeys(context)).some((p) => p.id === id))
    throw new DomainError("not_found", ErrorCode.passkeyNotFound, "This passkey was already removed");
  const response = await callAuth(context, "POST", "/passkey/delete-passkey", { id });
  if (!response.ok) throw await passkeyFailure(response);
  return json(await listPasskeys(context));
});
