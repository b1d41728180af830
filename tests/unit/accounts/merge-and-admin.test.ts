import { describe, expect, it } from "vitest";
import type { AdministratorAccounts } from "#domain/accounts/administrator-accounts.port.ts";
import { ensureAdministrator } from "#domain/accounts/ensure-administrator.ts";
import { mergeGuestData } from "#domain/accounts/merge-guest-data.ts";

describe("mergeGuestData", () => {
  it("runs every merger with the visitor and user, and a failing one does not stop the others", async () => {
    const seen: string[] = [];
    const result = await mergeGuestData("v1", "u1", [
      { name: "cart", mergeGuestIntoUser: async (v, u) => void seen.push(`cart ${v} ${u}`) },
      { name: "wishlist", mergeGuestIntoUser: async () => Promise.reject(new Error("db down")) },
      { name: "support", mergeGuestIntoUser: async (v, u) => void seen.push(`support ${v} ${u}`) },
    ]);
    expect(seen).toEqual(["cart v1 u1", "support v1 u1"]);
    expect(result.merged).toEqual(["cart", "support"]);
    expect(result.failed.map((f) => f.name)).toEqual(["wishlist"]);
  });

  it("does nothing without a visitor", async () => {
    const result = await mergeGuestData(null, "u1", [{ name: "cart", mergeGuestIntoUser: async () => Promise.reject(new Error("called")) }]);
    expect(result).toEqual({ merged: [], failed: [] });
  });
});

function fakeAccounts() {
  const users = new Map<string, { id: string; password: string; admin: boolean; role: string | null; sessions: number }>();
  const byId = (id: string) => [...users.values()].find((u) => u.id === id)!;
  const accounts: AdministratorAccounts = {
    findUserByEmail: async (email) => {
      const user = users.get(email);
      return user ? { id: user.id, isAdmin: user.admin, staffRole: user.role } : null;
    },
    createUser: async (email, password) => {
      const id = `u${users.size + 1}`;
      users.set(email, { id, password, admin: false, role: null, sessions: 0 });
      return id;
    },
    passwordMatches: async (id, password) => byId(id).password === password,
    setPassword: async (id, password) => void (byId(id).password = password),
    grantAdmin: async (id) => void Object.assign(byId(id), { admin: true, role: "owner" }),
    endAllSessions: async (id) => void (byId(id).sessions = 0),
  };
  return { users, accounts };
}

const common = (password: string) => ["password", "12345678"].includes(password);

describe("ensureAdministrator", () => {
  it("creates a missing administrator", async () => {
    const { users, accounts } = fakeAccounts();
    expect(await ensureAdministrator({ email: " Boss@Shop.test ", password: "long-enough" }, accounts, common)).toEqual({
      userId: "u1",
      created: true,
      promoted: false,
      sessionsEnded: false,
    });
    expect(users.get("boss@shop.test")).toEqual({ id: "u1", password: "long-enough", admin: true, role: "owner", sessions: 0 });
  });

  it("makes an existing account an administrator with the given password (idempotent)", async () => {
    const { users, accounts } = fakeAccounts();
    await accounts.createUser("boss@shop.test", "old-password");
    expect(await ensureAdministrator({ email: "boss@shop.test", password: "new-password" }, accounts, common)).toEqual({
      userId: "u1",
      created: false,
      promoted: true,
      sessionsEnded: true,
    });
    expect(await ensureAdministrator({ email: "boss@shop.test", password: "new-password" }, accounts, common)).toEqual({
      userId: "u1",
      created: false,
      promoted: false,
      sessionsEnded: false,
    });
    expect(users.get("boss@shop.test")).toMatchObject({ id: "u1", password: "new-password", admin: true });
    expect(users.size).toBe(1);
  });

  it("a pre-registered account becomes an administrator session: every session it had is ended when it is promoted", async () => {
    const { users, accounts } = fakeAccounts();
    await accounts.createUser("ops@shop.test", "attacker-knows-this");
    users.get("ops@shop.test")!.sessions = 3;
    const result = await ensureAdministrator({ email: "ops@shop.test", password: "attacker-knows-this" }, accounts, common);
    expect(result).toMatchObject({ promoted: true, sessionsEnded: true });
    expect(users.get("ops@shop.test")!.sessions).toBe(0);
  });

  it("sessions outlive a password change: setting a new password on an administrator ends its sessions", async () => {
    const { users, accounts } = fakeAccounts();
    await ensureAdministrator({ email: "boss@shop.test", password: "first-password" }, accounts, common);
    users.get("boss@shop.test")!.sessions = 2;
    expect(await ensureAdministrator({ email: "boss@shop.test", password: "second-password" }, accounts, common)).toMatchObject({ sessionsEnded: true });
    expect(users.get("boss@shop.test")!.sessions).toBe(0);
  });

  it("makes ADMIN_EMAIL's account an owner, also when it was a support agent; the agent keeps their sessions", async () => {
    const { users, accounts } = fakeAccounts();
    users.set("agent@shop.test", { id: "u9", password: "agent-password", admin: true, role: "support", sessions: 2 });
    const result = await ensureAdministrator({ email: "agent@shop.test", password: "agent-password" }, accounts, common);
    expect(users.get("agent@shop.test")).toMatchObject({ admin: true, role: "owner", sessions: 2 });
    expect(result).toMatchObject({ promoted: false, sessionsEnded: false });
  });

  it("refuses a bad email, a short password or a common one", async () => {
    const { accounts } = fakeAccounts();
    await expect(ensureAdministrator({ email: "boss", password: "long-enough" }, accounts, common)).rejects.toThrow(/not an email/);
    await expect(ensureAdministrator({ email: "a@b.co", password: "short" }, accounts, common)).rejects.toThrow(/at least 8/);
    await expect(ensureAdministrator({ email: "a@b.co", password: "12345678" }, accounts, common)).rejects.toThrow(/most common/);
  });
});
