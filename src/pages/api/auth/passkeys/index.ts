import { callAuth, jsonWithCookies } from "#server/auth-bridge.ts";
import { requireUser } from "#server/guards.ts";
import { json, readJson, route } from "#server/http.ts";
import { listPasskeys, passkeyFailure } from "#server/passkeys.ts";
import { PasskeyRegistrationBody } from "#server/schemas/auth.schemas.ts";

/** The signed-in account's passkeys (issue 20): name, kind of device, when added. */
export const GET = route(async (context) => {
  await requireUser(context);
  return json(await listPasskeys(context));
});

/**
 * Adds a passkey: the browser's answer to POST /api/auth/passkeys/register-options, checked by
 * better-auth against the challenge it set in a short-lived cookie (cleared here).
 */
export const POST = route(async (context) => {
  await requireUser(context);
  const { response, name } = await readJson(context.request, PasskeyRegistrationBody);
  const verified = await callAuth(context, "POST", "/passkey/verify-registration", { response, ...(name ? { name } : {}) });
  if (!verified.ok) throw await passkeyFailure(verified);
  return jsonWithCookies(await listPasskeys(context), 201, verified.headers.getSetCookie());
});
