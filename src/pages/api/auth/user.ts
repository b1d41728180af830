import { listOrdersOfUser } from "#read-models/accounts/orders-of-user.ts";
import { updateFirstName } from "#server/account-recovery.ts";
import { userJson } from "#server/auth-bridge.ts";
import { requireUser } from "#server/guards.ts";
import { json, readJson, route } from "#server/http.ts";
import { AccountUpdate } from "#server/schemas/auth.schemas.ts";

// The signed-in user with their newest orders, one page (the checkout page polls this for a new
// order; the whole list pages through GET /api/orders, issue 33).
export const GET = route(async (context) => {
  const user = await requireUser(context);
  return json({ ...userJson(user), orders: (await listOrdersOfUser(context.locals.app.db, user.id, context.locals.app.clock.now())).orders });
});

// Account settings: the first name the store greets with (issue 19).
export const PATCH = route(async (context) => {
  const user = await requireUser(context);
  const { firstName } = await readJson(context.request, AccountUpdate);
  return json({ user: userJson(await updateFirstName(context, user, firstName)) });
});
