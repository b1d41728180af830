import { requireUser } from "#server/guards.ts";
import { json, route } from "#server/http.ts";
import { listSessions } from "#server/sessions.ts";

// Account settings and the admin panel (issue 20): where the account is signed in.
export const GET = route(async (context) => {
  const user = await requireUser(context);
  return json(await listSessions(context, user));
});
