import type { Kysely } from "kysely";
import type { StaffAccount, StaffDirectory } from "#domain/accounts/staff-directory.port.ts";
import { isStaffRole } from "#domain/accounts/staff-roles.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";
import type { StaffRepositories } from "#domain/accounts/staff-repositories.port.ts";
import type { MailOutbox } from "#domain/mail/mail-outbox.port.ts";
import type { Database } from "../db/schema.ts";
import type { Tx } from "../db/database.ts";
import { createAuditLog } from "./audit-log.repository.ts";
import { createUnitOfWork } from "../db/unit-of-work.ts";

/** Staff roles on better-auth's user table (issue 20), with whatever connection or transaction it is given. */
export function createStaffDirectory(db: Kysely<Database>): StaffDirectory {
  const select = () =>
    db
      .selectFrom("user")
      .leftJoin("staff_invitations", "staff_invitations.userId", "user.id")
      .select([
        "user.id",
        "user.email",
        "user.isAdmin",
        "user.staffRole",
        "user.emailVerified",
        "user.twoFactorEnabled",
        "staff_invitations.role as invitedRole",
      ])
      // Pending invitation: no sign-in method at all (neither a password nor Google) yet.
      .select((eb) => eb.not(eb.exists(eb.selectFrom("account").select("account.id").whereRef("account.userId", "=", "user.id"))).as("pending"));
  const toAccount = (
    row:
      | {
          id: string;
          email: string;
          isAdmin: number | null;
          staffRole: string | null;
          emailVerified: unknown;
          twoFactorEnabled: unknown;
          invitedRole: string | null;
          pending: unknown;
        }
      | undefined,
  ): StaffAccount | null =>
    row
      ? {
          id: row.id,
          email: row.email,
          staffRole: row.isAdmin ? (isStaffRole(row.staffRole) ? row.staffRole : ("owner" as const)) : null,
          invitedRole: isStaffRole(row.invitedRole) ? row.invitedRole : null,
          invitationPending: Boolean(row.pending),
          // Integers on SQLite, booleans on PostgreSQL.
          emailVerified: Boolean(row.emailVerified),
          twoFactorEnabled: Boolean(row.twoFactorEnabled),
        }
      : null;
  return {
    findByEmail: async (email) => toAccount(await select().where("user.email", "=", email.toLowerCase()).executeTakeFirst()),
    findById: async (userId) => toAccount(await select().where("user.id", "=", userId).executeTakeFirst()),
    async countOwners() {
      const row = await db
        .selectFrom("user")
        .select((eb) => eb.fn.countAll<number>().as("owners"))
        .where("isAdmin", "=", 1)
        .where((eb) => eb.or([eb("staffRole", "=", "owner"), eb("staffRole", "is", null)]))
        .executeTakeFirstOrThrow();
      return Number(row.owners);
    },
    async setRole(userId, role) {
      await db
        .updateTable("user")
        .set({ isAdmin: role ? 1 : 0, staffRole: role, updatedAt: new Date().toISOString() })
        .where("id", "=", userId)
        .execute();
    },
    async invite(userId, role, invitedBy, at) {
      await db
        .insertInto("staff_invitations")
        .values({ userId, role, invitedBy, createdAt: at.toISOString() })
        .onConflict((oc) => oc.column("userId").doUpdateSet({ role, invitedBy, createdAt: at.toISOString() }))
        .execute();
    },
    async changeInvitedRole(userId, role) {
      await db.updateTable("staff_invitations").set({ role }).where("userId", "=", userId).execute();
    },
    async takeInvitation(userId) {
      // Deleting the row is the taking: of two concurrent takers, one deletes it and gets the role.
      const row = await db.deleteFrom("staff_invitations").where("userId", "=", userId).returning("role").executeTakeFirst();
      return row && isStaffRole(row.role) ? row.role : null;
    },
  };
}

export function createStaffUnitOfWork(db: Kysely<Database>, outbox: (trx: Tx) => MailOutbox): UnitOfWork<StaffRepositories> {
  return createUnitOfWork(db, (trx) => ({ staff: createStaffDirectory(trx), audit: createAuditLog(trx), outbox: outbox(trx) }));
}
