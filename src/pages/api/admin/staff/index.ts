import { assignStaffRole } from "../../../../../domain/accounts/manage-staff.ts";
import { accountNotFound } from "../../../../../domain/accounts/accounts.errors.ts";
import { accountIdByEmail, listStaff } from "../../../../../read-models/admin/staff.queries.ts";
import { requireAdmin } from "../../../../server/guards.ts";
import { json, readJson, route } from "../../../../server/http.ts";
import { AddStaffBody } from "../../../../server/schemas/staff.schemas.ts";
import { staffDeps } from "../../../../server/staff.ts";

/** Owners only (issue 20): every staff member and their role. */
export const GET = route(async (context) => {
  await requireAdmin(context, "staff");
  return json(await listStaff(context.locals.app.db));
});

/** Gives an existing account a staff role; answers the staff list. */
export const POST = route(async (context) => {
  const owner = await requireAdmin(context, "staff");
  const { email, role } = await readJson(context.request, AddStaffBody);
  const { app } = context.locals;
  const userId = await accountIdByEmail(app.db, email);
  if (!userId) throw accountNotFound();
  await assignStaffRole({ email, role }, staffDeps(app, owner, userId));
  return json(await listStaff(app.db), 201);
});
