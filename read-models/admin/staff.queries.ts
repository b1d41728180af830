import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { isStaffRole, type StaffRole } from "#domain/accounts/staff-roles.ts";
import type { StaffView } from "./staff.views.ts";

/**
 * Every staff member, owners first, then by email; and everyone invited whose link has not been
 * followed yet (issue 32), with the role offered and `invitationPending`: they have no role yet.
 */
export async function listStaff(db: Kysely<Database>): Promise<StaffView[]> {
  const rows = await db
    .selectFrom("user")
    .leftJoin("staff_invitations", "staff_invitations.userId", "user.id")
    .select(["user.id", "user.email", "user.firstName", "user.staffRole", "user.isAdmin", "staff_invitations.role as invitedRole"])
    .where((eb) => eb.or([eb("user.isAdmin", "=", 1), eb("staff_invitations.userId", "is not", null)]))
    .orderBy("user.email")
    .execute();
  const order: Record<StaffRole, number> = { owner: 0, manager: 1, support: 2 };
  return rows
    .map((row) => {
      const pending = !row.isAdmin;
      const role = pending ? row.invitedRole : row.staffRole;
      return {
        id: row.id,
        email: row.email,
        firstName: row.firstName,
        role: isStaffRole(role) ? role : ("owner" as const),
        invitationPending: pending,
      };
    })
    .sort((a, b) => order[a.role] - order[b.role]);
}

/** The staff account of an email (case-insensitive), or null for a shopper or no account. */
export async function staffAccountByEmail(db: Kysely<Database>, email: string): Promise<{ id: string; email: string } | null> {
  const row = await db.selectFrom("user").select(["id", "email"]).where("email", "=", email.toLowerCase()).where("isAdmin", "=", 1).executeTakeFirst();
  return row ?? null;
}
