import { authFailure, callAuth } from "#server/auth-bridge.ts";
import { requireUser } from "#server/guards.ts";
import { json, readJson, route } from "#server/http.ts";
import { TwoFactorPasswordBody } from "#server/schemas/auth.schemas.ts";

/**
 * Starts setting up two-factor sign-in (issue 20): with the account's password, answers the
 * authenticator app's otpauth:// address (shown as a QR code and as a key to type) and ten backup
 * codes, shown once. Sign-in asks for a code only after POST /api/auth/two-factor/confirm.
 */
export const POST = route(async (context) => {
  await requireUser(context);
  const { password } = await readJson(context.request, TwoFactorPasswordBody);
  const response = await callAuth(context, "POST", "/two-factor/enable", { password });
  if (!response.ok) throw await authFailure(response);
  const { totpURI, backupCodes } = (await response.json()) as { totpURI: string; backupCodes: string[] };
  return json({ totpURI, secret: new URL(totpURI).searchParams.get("secret"), backupCodes });
});
