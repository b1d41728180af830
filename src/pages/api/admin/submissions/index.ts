import { listSubmissions } from "../../../../../read-models/rewards/rewards.queries.ts";
import { requireAdmin } from "../../../../server/guards.ts";
import { json, route } from "../../../../server/http.ts";

export const GET = route(async (context) => {
  await requireAdmin(context, "reviews");
  return json(await listSubmissions(context.locals.app.db));
});
