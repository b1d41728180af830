import { requireAdmin } from "#server/guards.ts";
import { noContent, param, route } from "#server/http.ts";

// Removes a blocklist entry (issue 37): owners and managers.
export const DELETE = route(async (context) => {
  const admin = await requireAdmin(context, "risk");
  await context.locals.app.ordering.removeBlock(param(context, "id"), admin);
  return noContent();
});
