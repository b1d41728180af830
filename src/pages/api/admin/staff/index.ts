import { listStaff } from "#read-models/admin/staff.queries.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, readJson, route } from "#server/http.ts";
import { AddStaffBody } from "#server/schemas/staff.schemas.ts";

/** Owners only (issue 20): every staff member and their role. */
export const GET = route(async (context) => {
  await requireAdmin(context, "staff");
  return json(await listStaff(context.locals.app.db));
});

/** Gives an account a staff role, or invites an address that has none by email; answers the staff list. */
export const POST = route(async (context) => {
  const owner = await requireAdmin(context, "staff");
  const { email, role } = await readJson(context.request, AddStaffBody);
  const { app } = context.locals;
  await app.staff.addStaff({ email, role }, owner);
  return json(await listStaff(app.db), 201);
});
