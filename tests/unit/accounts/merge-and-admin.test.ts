import { describe, expect, it } from "vitest";
import type { AdministratorAccounts } from "../../../domain/accounts/administrator-accounts.port.ts";
import { ensureAdministrator } from "../../../domain/accounts/ensure-administrator.ts";
import { mergeGuestData } from "../../../domain/accounts/merge-guest-data.ts";

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
  const users = new Map<string, { id: string; password: string; admin: boolean }>();
  const accounts: AdministratorAccounts = {
    findUserIdByEmail: async (email) => users.get(email)?.id ?? null,
    createUser: async (email, password) => {
      const id = `u${users.size + 1}`;
      users.set(email, { id, password, admin: false });
      return id;
    },
    setPassword: async (id, password) => {
      for (const u of users.values()) if (u.id === id) u.password = password;
    },
    grantAdmin: async (id) => {
      for (const u of users.values()) if (u.id === id) u.admin = true;
    },
  };
  return { users, accounts };
}

describe("ensureAdministrator", () => {
  it("creates a missing administrator", async () => {
    const { users, accounts } = fakeAccounts();
    expect(await ensureAdministrator({ email: " Boss@Shop.test ", password: "long-enough" }, accounts)).toEqual({ userId: "u1", created: true });
    expect(users.get("boss@shop.test")).toEqual({ id: "u1", password: "long-enough", admin: true });
  });

  it("makes an existing account an administrator with the given password (idempotent)", async () => {
    const { users, accounts } = fakeAccounts();
    await accounts.createUser("boss@shop.test", "old-password");
    expect(await ensureAdministrator({ email: "boss@shop.test", password: "new-password" }, accounts)).toEqual({ userId: "u1", created: false });
    expect(await ensureAdministrator({ email: "boss@shop.test", password: "new-password" }, accounts)).toEqual({ userId: "u1", created: false });
    expect(users.get("boss@shop.test")).toEqual({ id: "u1", password: "new-password", admin: true });
    expect(users.size).toBe(1);
  });

  it("refuses a bad email or a short password", async () => {
    const { accounts } = fakeAccounts();
    await expect(ensureAdministrator({ email: "boss", password: "long-enough" }, accounts)).rejects.toThrow(/not an email/);
    await expect(ensureAdministrator({ email: "a@b.co", password: "short" }, accounts)).rejects.toThrow(/at least 8/);
  });
});
