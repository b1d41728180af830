import { countUsersForAdmin, listUsersForAdmin } from "#read-models/rewards/rewards.queries.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, readQuery, route } from "#server/http.ts";
import { totalCountHeaders } from "#server/total-count.ts";
import { AdminUsersQuery } from "#server/schemas/admin-lists.schemas.ts";

// admin-panel.md's Users tab: id, email, isAdmin (1/0), robloxUsername, storeCredit, points. Without
// a query every user; the tab searches with ?q= (email, Roblox username, id) and pages with
// ?offset=&limit=; X-Total-Count says how many users the search finds (X-Total-Count-Capped:
// true when at least 10,000).
export const GET = route(async (context) => {
  await requireAdmin(context, "users");
  const { q, offset, limit } = readQuery(context.url, AdminUsersQuery);
  const { db } = context.locals.app;
  const [users, total] = await Promise.all([listUsersForAdmin(db, { search: q, offset, limit }), countUsersForAdmin(db, q)]);
  return json(users, 200, totalCountHeaders(total));
});
