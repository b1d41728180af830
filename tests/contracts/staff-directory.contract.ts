import { describe, expect, it } from "vitest";
import type { StaffDirectory } from "#domain/accounts/staff-directory.port.ts";
import type { StaffRole } from "#domain/accounts/staff-roles.ts";

export interface StaffDirectoryFixture {
  /** Runs work on the directory in one unit of work, as staff management does. */
  run<T>(work: (staff: StaffDirectory) => Promise<T>): Promise<T>;
  /** Creates an account; an invitation's has no way to sign in yet (invitationPending). */
  addAccount(account: { email: string; staffRole: StaffRole | null; invitationPending?: boolean }): Promise<string>;
}

const at = new Date("2026-11-21T10:00:00.000Z");
let n = 0;
const email = () => `staff-${++n}-${Math.random().toString(36).slice(2, 8)}@shop.test`;

/**
 * What every implementation of the StaffDirectory port must do, run against the in-memory fake
 * (unit) and the Kysely repository on better-auth's tables (integration, SQLite and PostgreSQL).
 */
export function staffDirectoryContract(name: string, make: () => Promise<StaffDirectoryFixture>) {
  describe(`staff directory contract: ${name}`, () => {
    it("finds an account by id and by its address in any case; an unknown one is null", async () => {
      const { run, addAccount } = await make();
      const address = email();
      const id = await addAccount({ email: address, staffRole: "support" });
      const account = { id, email: address, staffRole: "support", invitedRole: null, invitationPending: false, emailVerified: false, twoFactorEnabled: false };
      expect(await run((s) => s.findById(id))).toEqual(account);
      expect(await run((s) => s.findByEmail(address.toUpperCase()))).toEqual(account);
      expect(await run((s) => s.findById("no-such-account"))).toBeNull();
      expect(await run((s) => s.findByEmail(email()))).toBeNull();
    });

    it("sets and takes away a role, and counts the owners", async () => {
      const { run, addAccount } = await make();
      const before = await run((s) => s.countOwners());
      const id = await addAccount({ email: email(), staffRole: null });
      await run((s) => s.setRole(id, "owner"));
      expect((await run((s) => s.findById(id)))?.staffRole).toBe("owner");
      expect(await run((s) => s.countOwners())).toBe(before + 1);
      await run((s) => s.setRole(id, "manager"));
      expect(await run((s) => s.countOwners())).toBe(before);
      await run((s) => s.setRole(id, null));
      expect((await run((s) => s.findById(id)))?.staffRole).toBeNull();
    });

    it("offers a role without giving it; a new offer or a change replaces it; taking it answers it once", async () => {
      const { run, addAccount } = await make();
      const id = await addAccount({ email: email(), staffRole: null, invitationPending: true });
      await run((s) => s.changeInvitedRole(id, "support"));
      expect(await run((s) => s.findById(id))).toMatchObject({ staffRole: null, invitedRole: null, invitationPending: true });
      await run((s) => s.invite(id, "support", "owner-1", at));
      await run((s) => s.invite(id, "manager", "owner-1", at));
      expect(await run((s) => s.findById(id))).toMatchObject({ staffRole: null, invitedRole: "manager" });
      await run((s) => s.changeInvitedRole(id, "owner"));
      expect(await run((s) => s.takeInvitation(id))).toBe("owner");
      expect(await run((s) => s.takeInvitation(id))).toBeNull();
      expect((await run((s) => s.findById(id)))?.invitedRole).toBeNull();
    });
  });
}
