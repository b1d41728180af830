import type { AccountOverviewView } from "#read-models/accounts/account.views.ts";
import { linkedRobloxUserId } from "#read-models/accounts/linked-roblox-account.query.ts";
import { listOrdersOfUser } from "#read-models/accounts/orders-of-user.ts";
import { updateFirstName } from "#server/account-recovery.ts";
import { userJson } from "#server/auth-bridge.ts";
import { requireUser } from "#server/guards.ts";
import { json, readJson, route } from "#server/http.ts";
import { AccountUpdate } from "#server/schemas/auth.schemas.ts";

// The signed-in user with their newest orders, one page (the checkout page polls this for a new
// order; the whole list pages through GET /api/orders, issue 33), and the rest of what the
// dashboard shows: its HTML is one shell for every shopper, filled in from this answer (issue 53).
export const GET = route(async (context) => {
  const user = await requireUser(context);
  const { db, clock } = context.locals.app;
  const now = clock.now();
  const [page, robloxLinkedUserId] = await Promise.all([listOrdersOfUser(db, user.id, now), linkedRobloxUserId(db, user.id)]);
  const answer: AccountOverviewView = { ...userJson(user), orders: page.orders, ordersNextCursor: page.nextCursor, robloxLinkedUserId, serverNow: now.toISOString() };
  return json(answer);
});

// Account settings: the first name the store greets with (issue 19).
export const PATCH = route(async (context) => {
  const user = await requireUser(context);
  const { firstName } = await readJson(context.request, AccountUpdate);
  return json({ user: userJson(await updateFirstName(context, user, firstName)) });
});
