import { userNotFound } from "#domain/rewards/rewards.errors.ts";
import { pointsOverview } from "#read-models/rewards/rewards.queries.ts";
import { requireUser } from "#server/guards.ts";
import { json, route } from "#server/http.ts";

// The dashboard's Points tab: balance, its dollar value, store credit, history, latest screenshot.
export const GET = route(async (context) => {
  const user = await requireUser(context);
  const overview = await pointsOverview(context.locals.app.db, user.id);
  if (!overview) throw userNotFound();
  return json(overview);
});
