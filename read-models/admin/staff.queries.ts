import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { isStaffRole, type StaffRole } from "#domain/accounts/staff-roles.ts";
import type { StaffView } from "./staff.views.ts";

/** Every staff member, owners first, then by email. */
export async function listStaff(db: Kysely<Database>): Promise<StaffView[]> {
  const rows = await db
    .selectFrom("user")
    .select(["id", "email", "firstName", "staffRole"])
    .select((eb) => eb.not(eb.exists(eb.selectFrom("account").select("account.id").whereRef("account.userId", "=", "user.id"))).as("pending"))
    .where("isAdmin", "=", 1)
    .orderBy("email")
    .execute();
  const order: Record<StaffRole, number> = { owner: 0, manager: 1, support: 2 };
  return rows
    .map((row) => ({
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      role: isStaffRole(row.staffRole) ? row.staffRole : ("owner" as const),
      invitationPending: Boolean(row.pending),
    }))
    .sort((a, b) => order[a.role] - order[b.role]);
}

/** The staff account of an email (case-insensitive), or null for a shopper or no account. */
export async function staffAccountByEmail(db: Kysely<Database>, email: string): Promise<{ id: string; email: string } | null> {
  const row = await db.selectFrom("user").select(["id", "email"]).where("email", "=", email.toLowerCase()).where("isAdmin", "=", 1).executeTakeFirst();
  return row ?? null;
}
