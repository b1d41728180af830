import { requestPasswordReset } from "#server/account-recovery.ts";
import { json, readJson, route } from "#server/http.ts";
import { PasswordResetRequest } from "#server/schemas/auth.schemas.ts";

// "Forgot password?": the same answer for every address, known or not.
export const POST = route(async (context) => {
  const { email } = await readJson(context.request, PasswordResetRequest);
  await requestPasswordReset(context, email);
  return json({ message: "If an account uses this address, we have emailed it a link to choose a new password. The link works for one hour." });
});
