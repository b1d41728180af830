import { listStaff } from "#read-models/admin/staff.queries.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, param, readJson, route } from "#server/http.ts";
import { ChangeStaffBody } from "#server/schemas/staff.schemas.ts";

/** Owners only (issue 20): another role for a staff member; the last owner stays an owner. */
export const PATCH = route(async (context) => {
  const owner = await requireAdmin(context, "staff");
  const { role } = await readJson(context.request, ChangeStaffBody);
  const userId = param(context, "userId");
  await context.locals.app.staff.changeStaffRole({ userId, role }, owner);
  return json(await listStaff(context.locals.app.db));
});

/** Back to a plain shopper (orders and balances kept, sessions ended). */
export const DELETE = route(async (context) => {
  const owner = await requireAdmin(context, "staff");
  const userId = param(context, "userId");
  await context.locals.app.staff.removeStaff({ userId }, owner);
  return json(await listStaff(context.locals.app.db));
});
