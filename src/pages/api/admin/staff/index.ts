import { listStaff } from "#read-models/admin/staff.queries.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, readJson, route } from "#server/http.ts";
import { AddStaffBody } from "#server/schemas/staff.schemas.ts";

/** Owners only (issue 20): every staff member and their role. */
export const GET = route(async (context) => {
  await requireAdmin(context, "staff");
  return json(await listStaff(context.locals.app.db));
});

/**
 * Invites an address to the staff by email (the role takes effect when the link is followed), or
 * with `direct` gives it at once to a verified account with two-factor sign-in on (issue 32);
 * answers the staff list.
 */
export const POST = route(async (context) => {
  const owner = await requireAdmin(context, "staff");
  const { email, role, direct } = await readJson(context.request, AddStaffBody);
  const { app } = context.locals;
  await app.staff.addStaff({ email, role, ...(direct ? { direct } : {}) }, owner);
  return json(await listStaff(app.db), 201);
});
