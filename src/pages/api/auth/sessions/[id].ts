import { jsonWithCookies } from "#server/auth-bridge.ts";
import { requireUser } from "#server/guards.ts";
import { param, route } from "#server/http.ts";
import { endSession, listSessions } from "#server/sessions.ts";

// Ends one session of the signed-in account; answers the sessions left (none when it was this one).
export const DELETE = route(async (context) => {
  const user = await requireUser(context);
  const setCookies = await endSession(context, user, param(context, "id"));
  return jsonWithCookies(setCookies.length > 0 ? [] : await listSessions(context, user), 200, setCookies);
});
