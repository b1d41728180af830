import { updateFirstName } from "#server/account-recovery.ts";
import { userJson } from "#server/auth-bridge.ts";
import { requireUser } from "#server/guards.ts";
import { json, readJson, route } from "#server/http.ts";
import { accountAnswer } from "#server/personal-answers.ts";
import { AccountUpdate } from "#server/schemas/auth.schemas.ts";

// The signed-in user with their newest orders, one page (the checkout page polls this for a new
// order; the whole list pages through GET /api/orders), and the rest of what the
// dashboard shows: its HTML is one shell for every shopper, filled in from this answer.
// The front answers the same on node's own response (src/server/node-answers/personal.ts).
export const GET = route(async (context) => json(await accountAnswer(context.locals.app, await context.locals.currentUser())));

// Account settings: the first name the store greets with (issue 19).
export const PATCH = route(async (context) => {
  const user = await requireUser(context);
  const { firstName } = await readJson(context.request, AccountUpdate);
  return json({ user: userJson(await updateFirstName(context, user, firstName)) });
});
