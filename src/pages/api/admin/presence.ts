import { requireAdmin } from "#server/guards.ts";
import { noContent, readJson, route } from "#server/http.ts";
import { PresenceInput } from "#server/schemas/shop-facts.schemas.ts";

// The panel's heartbeat while its Support or Orders tab is open: the staff member counts as online
// (GET /api/support/status). The tab named must be one their role may open.
export const POST = route(async (context) => {
  const { tab } = await readJson(context.request, PresenceInput);
  const staff = await requireAdmin(context, tab);
  await context.locals.app.shopFacts.noteStaffPresence(staff.id);
  return noContent();
});
