import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { isStaffRole, type StaffRole } from "#domain/accounts/staff-roles.ts";
import type { StaffView } from "./staff.views.ts";

/**
 * Every staff member, owners first, then by email; and everyone invited whose link has not been
 * followed yet (issue 32), with the role offered and `invitationPending`: they have no role yet.
 */
export async function listStaff(db: Kysely<Database>): Promise<StaffView[]> {
  // Two reads instead of one OR across a join, which made the planner walk every account: staff
  // through the (isAdmin, email) index, the pending invitations (a handful) through their own table.
  const [staffRows, invitations] = await Promise.all([
    db.selectFrom("user").select(["id", "email", "firstName", "staffRole", "isAdmin"]).where("isAdmin", "=", 1).orderBy("email").execute(),
    db.selectFrom("staff_invitations").select(["userId", "role"]).execute(),
  ]);
  const invitedRole = new Map(invitations.map((invitation) => [invitation.userId, invitation.role]));
  const invitedRows =
    invitedRole.size === 0
      ? []
      : (
          await db
            .selectFrom("user")
            .select(["id", "email", "firstName", "staffRole", "isAdmin"])
            .where("id", "in", [...invitedRole.keys()])
            .execute()
        )
          .filter((row) => row.isAdmin !== 1)
          .map((row) => ({ ...row, invitedRole: invitedRole.get(row.id) ?? null }));
  const rows = [...staffRows.map((row) => ({ ...row, invitedRole: null as string | null })), ...invitedRows].sort((a, b) =>
    a.email < b.email ? -1 : a.email > b.email ? 1 : 0,
  );
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
