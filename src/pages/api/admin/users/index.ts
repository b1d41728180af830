import { listUsersForAdmin } from "../../../../../read-models/rewards/rewards.queries.ts";
import { requireAdmin } from "../../../../server/guards.ts";
import { json, route } from "../../../../server/http.ts";

// admin-panel.md's Users tab: id, email, isAdmin (1/0), robloxUsername, storeCredit, points.
export const GET = route(async (context) => {
  await requireAdmin(context, "users");
  return json(await listUsersForAdmin(context.locals.app.db));
});
