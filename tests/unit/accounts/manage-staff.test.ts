import { describe, expect, it } from "vitest";
import { claimGuestData } from "#domain/accounts/claim-guest-data.ts";
import { acceptInvitation, addStaff } from "#domain/accounts/manage-staff.ts";
import { manualClock } from "../../fakes/in-memory-shopping.ts";
import { inMemoryStaff } from "../../fakes/in-memory-staff.ts";

const OWNER = { id: "owner-1", email: "owner@shop.test" };
const account = (id: string, over: { emailVerified?: boolean; twoFactorEnabled?: boolean } = {}) => ({
  id,
  email: `${id}@shop.test`,
  staffRole: null,
  invitationPending: false,
  emailVerified: false,
  twoFactorEnabled: false,
  ...over,
});

function shop(...accounts: ReturnType<typeof account>[]) {
  const fake = inMemoryStaff([{ ...OWNER, staffRole: "owner", invitationPending: false, emailVerified: true, twoFactorEnabled: true }, ...accounts]);
  const clock = manualClock("2026-11-27T12:00:00Z");
  const deps = { unitOfWork: fake.unitOfWork, endAllSessions: fake.endAllSessions, invitations: fake.invitations, actor: OWNER, clock };
  return { ...fake, deps, clock };
}

describe("a role goes to a mailbox, not to a password (issue 32)", () => {
  it("an existing account someone registered is only invited: no role, no ended session, an email to the address", async () => {
    const { deps, state } = shop(account("squatter"));
    const { account: added, invited } = await addStaff({ email: "SQUATTER@shop.test ", role: "manager" }, deps);
    expect(invited).toBe(true);
    expect(added).toMatchObject({ staffRole: null, invitedRole: "manager" });
    expect(state.accounts.find((a) => a.id === "squatter")!.staffRole).toBeNull();
    expect(state.mail).toEqual([expect.objectContaining({ template: "staff_invitation", to: "squatter@shop.test" })]);
    expect(state.audit.map((e) => e.kind)).toEqual(["staff.invite"]);
    expect(state.endedSessions).toEqual([]);
  });

  it("the role takes effect when the invitation is accepted, once, and every session ends", async () => {
    const { deps, state } = shop(account("agent"));
    await addStaff({ email: "agent@shop.test", role: "support" }, deps);
    expect(await acceptInvitation({ userId: "agent" }, deps)).toBe("support");
    expect(state.accounts.find((a) => a.id === "agent")!.staffRole).toBe("support");
    expect(state.endedSessions).toEqual(["agent"]);
    expect(await acceptInvitation({ userId: "agent" }, deps)).toBeNull();
    expect(state.audit.map((e) => e.kind)).toEqual(["staff.invite", "staff.accept"]);
  });

  it("direct promotion needs a verified address and two-factor sign-in on", async () => {
    const { deps, state } = shop(
      account("unverified", { twoFactorEnabled: true }),
      account("no-2fa", { emailVerified: true }),
      account("ready", { emailVerified: true, twoFactorEnabled: true }),
    );
    await expect(addStaff({ email: "unverified@shop.test", role: "manager", direct: true }, deps)).rejects.toMatchObject({ code: "direct_promotion_refused" });
    await expect(addStaff({ email: "no-2fa@shop.test", role: "manager", direct: true }, deps)).rejects.toMatchObject({ code: "direct_promotion_refused" });
    const { account: promoted, invited } = await addStaff({ email: "ready@shop.test", role: "manager", direct: true }, deps);
    expect(invited).toBe(false);
    expect(promoted.staffRole).toBe("manager");
    expect(state.endedSessions).toEqual(["ready"]);
    expect(state.mail).toEqual([]);
  });

  it("an address without an account gets one with nothing to sign in with, and the offer", async () => {
    const { deps, state } = shop();
    const { account: made } = await addStaff({ email: "new@shop.test", role: "support" }, deps);
    expect(made).toMatchObject({ email: "new@shop.test", staffRole: null, invitedRole: "support", invitationPending: true });
    expect(state.mail).toHaveLength(1);
  });
});

describe("guest data is claimed only with a proven address (issue 32)", () => {
  it("an unverified account claims nothing; a verified one claims with its address, lower-cased", async () => {
    const calls: [string, string][] = [];
    const claims = {
      claim: async (userId: string, email: string) => (calls.push([userId, email]), { conversations: 1, itemRequests: 0, promoClaims: 0, mail: 2 }),
    };
    const clock = manualClock("2026-11-27T12:00:00Z");
    expect(await claimGuestData({ id: "u1", email: "A@shop.test", emailVerified: false }, { claims, clock })).toBeNull();
    expect(calls).toEqual([]);
    expect(await claimGuestData({ id: "u1", email: "A@shop.test", emailVerified: true }, { claims, clock })).toMatchObject({ conversations: 1 });
    expect(calls).toEqual([["u1", "a@shop.test"]]);
  });
});
