import { signOutOtherSessions } from "#server/account-recovery.ts";
import { requireUser } from "#server/guards.ts";
import { json, route } from "#server/http.ts";

// Account settings → "Sign out of other devices": this session stays.
export const POST = route(async (context) => {
  await requireUser(context);
  await signOutOtherSessions(context);
  return json({ message: "Every other device was signed out." });
});
