import { staffedHoursOf } from "#read-models/shopping/staffed-hours.query.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, readJson, route } from "#server/http.ts";
import { StaffedHoursInput } from "#server/schemas/delivery.schemas.ts";

// The hours staff deliver: outside them a paid order's promise counts from the next period's start.
export const GET = route(async (context) => {
  await requireAdmin(context, "settings");
  return json(await staffedHoursOf(context.locals.app.db));
});

export const PUT = route(async (context) => {
  const staff = await requireAdmin(context, "settings");
  const hours = await readJson(context.request, StaffedHoursInput);
  await context.locals.app.ordering.saveStaffedHours(hours, staff);
  return json(await staffedHoursOf(context.locals.app.db));
});
