import { resetPassword } from "#server/account-recovery.ts";
import { json, readJson, route } from "#server/http.ts";
import { PasswordReset } from "#server/schemas/auth.schemas.ts";

// The reset email's link leads to /reset-password, whose form posts the token and the new password here.
export const POST = route(async (context) => {
  const { token, newPassword } = await readJson(context.request, PasswordReset);
  await resetPassword(context, token, newPassword);
  return json({ message: "Your password was changed. Please log in with the new one." });
});
