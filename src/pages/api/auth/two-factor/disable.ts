import { authFailure, callAuth, jsonWithCookies } from "#server/auth-bridge.ts";
import { requireUser } from "#server/guards.ts";
import { readJson, route } from "#server/http.ts";
import { TwoFactorPasswordBody } from "#server/schemas/auth.schemas.ts";

/** Turns two-factor sign-in off, with the account's password (with STAFF_2FA=required, staff then lose the panel until they set it up again). */
export const POST = route(async (context) => {
  await requireUser(context);
  const { password } = await readJson(context.request, TwoFactorPasswordBody);
  const response = await callAuth(context, "POST", "/two-factor/disable", { password });
  if (!response.ok) throw await authFailure(response);
  return jsonWithCookies({ twoFactorEnabled: false }, 200, response.headers.getSetCookie());
});
