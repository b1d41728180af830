import { describe, expect, it } from "vitest";
import type { AccountErasure, Erasure, PasswordCheck } from "#domain/accounts/account-erasure.port.ts";
import type { AccountData } from "#domain/accounts/account-data.ts";
import { exportAccountData } from "#domain/accounts/account-export.ts";
import { assertTermsAccepted, TERMS_VERSION } from "#domain/accounts/consent.ts";
import { decideAccountDeletion, deleteAccount, TOMBSTONE_PREFIX, type AccountDeletionWork } from "#domain/accounts/delete-account.ts";
import { recordAnalyticsConsent, recordTermsAcceptance } from "#domain/accounts/record-consent.ts";
import type { StaffAccount, StaffDirectory } from "#domain/accounts/staff-directory.port.ts";
import type { ConsentRecord } from "#domain/accounts/consent.ts";
import { inMemoryUnitOfWork } from "../../fakes/in-memory-unit-of-work.ts";
import { acceptedTermsVersion, mayCreateAccount, termsAcceptedCookie } from "#adapters/auth/terms-cookie.ts";

const now = new Date("2026-11-26T10:00:00Z");
const clock = { now: () => now };
const kindOf = async (work: () => Promise<unknown>) =>
  work().then(
    () => "passed",
    (error: { code: string }) => error.code,
  );

describe("terms acceptance at sign-up", () => {
  it("goes on only with an explicit true", () => {
    expect(() => assertTermsAccepted(true)).not.toThrow();
    for (const answer of [false, undefined]) expect(() => assertTermsAccepted(answer)).toThrow(/at least 13/);
  });

  it("records the current terms' version and time; nothing when refused; analytics choices keep their history", async () => {
    const records: [string, ConsentRecord][] = [];
    const deps = { consents: { add: async (userId: string, record: ConsentRecord) => void records.push([userId, record]) }, clock };
    expect(await kindOf(() => recordTermsAcceptance(deps, "u1", false))).toBe("terms_not_accepted");
    await recordTermsAcceptance(deps, "u1", true);
    await recordAnalyticsConsent(deps, "u1", true);
    await recordAnalyticsConsent(deps, "u1", false);
    expect(records).toEqual([
      ["u1", { kind: "terms", choice: "accepted", version: TERMS_VERSION, recordedAt: now }],
      ["u1", { kind: "analytics", choice: "granted", version: null, recordedAt: now }],
      ["u1", { kind: "analytics", choice: "denied", version: null, recordedAt: now }],
    ]);
  });
});

describe("export", () => {
  it("stamps the data with the format and the time; a vanished account is not found", async () => {
    const data = { account: { id: "u1" } } as AccountData;
    const reader = { read: async (id: string) => (id === "u1" ? data : null) };
    expect(await exportAccountData({ reader, clock }, "u1")).toEqual({ format: 1, exportedAt: now.toISOString(), ...data });
    expect(await kindOf(() => exportAccountData({ reader, clock }, "gone"))).toBe("account_not_found");
  });
});

describe("account deletion", () => {
  it("anyone may delete their account except the shop's last owner", () => {
    expect(decideAccountDeletion(null, 0)).toBe("allowed");
    expect(decideAccountDeletion("support", 1)).toBe("allowed");
    expect(decideAccountDeletion("manager", 1)).toBe("allowed");
    expect(decideAccountDeletion("owner", 2)).toBe("allowed");
    expect(decideAccountDeletion("owner", 1)).toBe("last_owner");
  });

  function fakeStore(accounts: StaffAccount[], passwords: Record<string, string | null>) {
    const state = { accounts: [...accounts], erased: [] as Erasure[], removedFiles: [] as string[], hits: {} as Record<string, number> };
    const staff: StaffDirectory = {
      findByEmail: async (email) => state.accounts.find((a) => a.email === email) ?? null,
      findById: async (id) => state.accounts.find((a) => a.id === id) ?? null,
      countOwners: async () => state.accounts.filter((a) => a.staffRole === "owner").length,
      setRole: async () => undefined,
      invite: async () => undefined,
      changeInvitedRole: async () => undefined,
      takeInvitation: async () => null,
    };
    const erasure: AccountErasure = {
      async erase(e) {
        state.erased.push(e);
        state.accounts = state.accounts.filter((a) => a.id !== e.userId);
        return { submissionFiles: [`${e.userId}.png`] };
      },
    };
    const check: PasswordCheck = {
      check: async (id, password) => (passwords[id] === null ? "no_password" : passwords[id] === password ? "matches" : "wrong"),
    };
    let n = 0;
    const deps = {
      unitOfWork: inMemoryUnitOfWork<typeof state, AccountDeletionWork>(state, { staff, erasure }),
      passwords: check,
      ids: { newId: () => `id${++n}` },
      screenshots: { save: async () => undefined, read: async () => null, remove: async (name: string) => void state.removedFiles.push(name) },
      limiter: {
        hit: async (key: string, limit: number) => (state.hits[key] = (state.hits[key] ?? 0) + 1) <= limit,
        secondsLeft: () => 60,
      },
    };
    return { state, deps };
  }

  it("erases with a fresh tombstone after the right password, then removes the screenshots' files", async () => {
    const { state, deps } = fakeStore(
      [{ id: "u1", email: "z@x.co", staffRole: null, invitationPending: false, invitedRole: null, emailVerified: true, twoFactorEnabled: false }],
      { u1: "secret" },
    );
    await deleteAccount(deps, "u1", "secret");
    expect(state.erased).toEqual([{ userId: "u1", email: "z@x.co", tombstoneId: `${TOMBSTONE_PREFIX}id1` }]);
    expect(state.removedFiles).toEqual(["u1.png"]);
  });

  it("changes nothing on a wrong password (403), a Google-only account (403), the last owner (409), a vanished account (404)", async () => {
    const { state, deps } = fakeStore(
      [
        { id: "u1", email: "z@x.co", staffRole: null, invitationPending: false, invitedRole: null, emailVerified: true, twoFactorEnabled: false },
        { id: "g1", email: "g@x.co", staffRole: null, invitationPending: false, invitedRole: null, emailVerified: true, twoFactorEnabled: false },
        { id: "o1", email: "o@x.co", staffRole: "owner", invitationPending: false, invitedRole: null, emailVerified: true, twoFactorEnabled: false },
      ],
      { u1: "secret", g1: null, o1: "boss", gone: "x" },
    );
    expect(await kindOf(() => deleteAccount(deps, "u1", "guess"))).toBe("wrong_password");
    expect(await kindOf(() => deleteAccount(deps, "g1", "anything"))).toBe("no_password");
    expect(await kindOf(() => deleteAccount(deps, "o1", "boss"))).toBe("last_owner");
    expect(await kindOf(() => deleteAccount(deps, "gone", "x"))).toBe("account_not_found");
    expect(state.erased).toEqual([]);
    expect(state.removedFiles).toEqual([]);
  });

  it("stops guessing: after five tries the sixth is refused (429) even with the right password", async () => {
    const { state, deps } = fakeStore(
      [{ id: "u1", email: "z@x.co", staffRole: null, invitationPending: false, invitedRole: null, emailVerified: true, twoFactorEnabled: false }],
      { u1: "secret" },
    );
    for (let i = 0; i < 5; i++) expect(await kindOf(() => deleteAccount(deps, "u1", `guess ${i}`))).toBe("wrong_password");
    expect(await kindOf(() => deleteAccount(deps, "u1", "secret"))).toBe("too_many_deletion_attempts");
    expect(state.erased).toEqual([]);
  });

  it("lets an owner go when another owner remains", async () => {
    const { state, deps } = fakeStore(
      [
        { id: "o1", email: "o@x.co", staffRole: "owner", invitationPending: false, invitedRole: null, emailVerified: true, twoFactorEnabled: false },
        { id: "o2", email: "p@x.co", staffRole: "owner", invitationPending: false, invitedRole: null, emailVerified: true, twoFactorEnabled: false },
      ],
      { o1: "a", o2: "b" },
    );
    await deleteAccount(deps, "o1", "a");
    expect(await kindOf(() => deleteAccount(deps, "o2", "b"))).toBe("last_owner");
    expect(state.accounts.map((a) => a.id)).toEqual(["o2"]);
  });
});

describe("Terms and 13+ through Google (issue 20)", () => {
  it("lets Google's callback create an account only after the box was ticked; other paths are not its business", () => {
    const ticked = termsAcceptedCookie(TERMS_VERSION, false).split(";")[0]!;
    expect(acceptedTermsVersion(`shop_visitor=v; ${ticked}`)).toBe(TERMS_VERSION);
    expect(mayCreateAccount("/callback/google", ticked)).toBe(true);
    expect(mayCreateAccount("/callback/google", "shop_visitor=v")).toBe(false);
    expect(mayCreateAccount("/callback/google", null)).toBe(false);
    expect(mayCreateAccount("/sign-up/email", null)).toBe(true);
    expect(mayCreateAccount(undefined, null)).toBe(true);
    expect(termsAcceptedCookie(TERMS_VERSION, true)).toMatch(/HttpOnly; SameSite=Lax; Secure$/);
  });
});
