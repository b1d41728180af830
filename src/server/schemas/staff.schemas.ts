import * as z from "zod";
import { STAFF_ROLES } from "#domain/accounts/staff-roles.ts";

const Role = z.enum(STAFF_ROLES, { error: `role must be one of ${STAFF_ROLES.join(", ")}` });

/** POST /api/admin/staff (issue 20). */
export const AddStaffBody = z.object({
  email: z.string({ error: "email is required" }).trim().toLowerCase().email("email must be an email address").max(254),
  role: Role,
  /** The owner confirms giving the role without an invitation (issue 32): only to a verified account with two-factor sign-in on. */
  direct: z.boolean({ error: "direct must be true or false" }).optional(),
});

/** PATCH /api/admin/staff/{userId}. */
export const ChangeStaffBody = z.object({ role: Role });
