import { changePassword } from "#server/account-recovery.ts";
import { jsonWithCookies } from "#server/auth-bridge.ts";
import { requireUser } from "#server/guards.ts";
import { readJson, route } from "#server/http.ts";
import { PasswordChange } from "#server/schemas/auth.schemas.ts";

// Dashboard → account settings: the current password is required; other sessions are signed out.
export const POST = route(async (context) => {
  const user = await requireUser(context);
  const { currentPassword, newPassword } = await readJson(context.request, PasswordChange);
  const setCookies = await changePassword(context, user, currentPassword, newPassword);
  return jsonWithCookies({ message: "Your password was changed. Your other sessions were signed out." }, 200, setCookies);
});
