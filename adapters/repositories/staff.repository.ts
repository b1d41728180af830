import type { Kysely } from "kysely";
import type { StaffDirectory } from "#domain/accounts/staff-directory.port.ts";
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
      .select(["id", "email", "isAdmin", "staffRole"])
      // Pending invitation: no sign-in method at all (neither a password nor Google) yet.
      .select((eb) => eb.not(eb.exists(eb.selectFrom("account").select("account.id").whereRef("account.userId", "=", "user.id"))).as("pending"));
  const toAccount = (row: { id: string; email: string; isAdmin: number | null; staffRole: string | null; pending: unknown } | undefined) =>
    row
      ? {
          id: row.id,
          email: row.email,
          staffRole: row.isAdmin ? (isStaffRole(row.staffRole) ? row.staffRole : ("owner" as const)) : null,
          invitationPending: Boolean(row.pending),
        }
      : null;
  return {
    findByEmail: async (email) => toAccount(await select().where("email", "=", email.toLowerCase()).executeTakeFirst()),
    findById: async (userId) => toAccount(await select().where("id", "=", userId).executeTakeFirst()),
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
  };
}

export function createStaffUnitOfWork(db: Kysely<Database>, outbox: (trx: Tx) => MailOutbox): UnitOfWork<StaffRepositories> {
  return createUnitOfWork(db, (trx) => ({ staff: createStaffDirectory(trx), audit: createAuditLog(trx), outbox: outbox(trx) }));
}
