import { describe, expect, it } from "vitest";
import { DEFAULT_RISK_SETTINGS } from "#domain/risk/risk-assessment.ts";
import { laterRisk, recheckChange, recheckRecipients, RECHECK_BATCH } from "#domain/risk/recheck-recipients.ts";
import type { LaterRisk, RecheckChange, RecipientRecheck, RecipientRechecks } from "#domain/risk/recipient-rechecks.port.ts";
import { NEW_ROBLOX_ACCOUNT_DAYS } from "#domain/risk/risk-rules.ts";
import type { RobloxUser } from "#domain/roblox/roblox-directory.port.ts";
import { inMemoryRobloxDirectory } from "../../fakes/in-memory-roblox-directory.ts";

const NOW = new Date("2026-12-01T12:00:00Z");
const user = (over: Partial<RobloxUser> = {}): RobloxUser => ({
  id: 4212042,
  name: "Builder_42",
  displayName: "Builder",
  created: new Date("2019-04-12T16:20:00Z"),
  banned: false,
  avatarUrl: "https://tr.rbxcdn.com/x",
  ...over,
});

describe("what a re-check of the recipient means", () => {
  it("a name that went through not checked is confirmed with Roblox's id, spelling, display name and avatar", () => {
    expect(recheckChange({ robloxUsername: "builder_42", userId: null }, { kind: "found", user: user() })).toEqual({
      kind: "confirmed",
      userId: 4212042,
      name: "Builder_42",
      displayName: "Builder",
      avatarUrl: "https://tr.rbxcdn.com/x",
      created: new Date("2019-04-12T16:20:00Z"),
    });
  });

  it("an unknown or banned account is flagged, never confirmed", () => {
    expect(recheckChange({ robloxUsername: "Nobody_Here", userId: null }, { kind: "missing" })).toEqual({ kind: "flagged", flag: "not_found" });
    expect(recheckChange({ robloxUsername: "Builder_42", userId: 4212042 }, { kind: "missing" })).toEqual({ kind: "flagged", flag: "not_found" });
    expect(recheckChange({ robloxUsername: "Banned_Trader", userId: null }, { kind: "found", user: user({ banned: true }) })).toEqual({
      kind: "flagged",
      flag: "banned",
    });
  });

  it("a checked id with another name now was renamed; the same name in other letter case was not", () => {
    expect(recheckChange({ robloxUsername: "Builder_42", userId: 4212042 }, { kind: "found", user: user({ name: "Builder_Renamed" }) })).toEqual({
      kind: "renamed",
      name: "Builder_Renamed",
    });
    expect(recheckChange({ robloxUsername: "builder_42", userId: 4212042 }, { kind: "found", user: user() })).toEqual({ kind: "unchanged" });
  });

  it("Roblox unreachable changes nothing", () => {
    expect(recheckChange({ robloxUsername: "Builder_42", userId: null }, { kind: "unreachable" })).toBeNull();
  });
});

describe("the risk a re-check adds", () => {
  const confirmed = (created: Date): RecheckChange => ({ kind: "confirmed", userId: 1, name: "A", displayName: "A", avatarUrl: null, created });

  it("a Roblox account younger than the threshold is a risk fact, an older one is not", () => {
    const young = laterRisk(confirmed(new Date(NOW.getTime() - 2 * 86_400_000)), NOW, DEFAULT_RISK_SETTINGS);
    expect(young).toEqual({
      rules: ["new_roblox_account"],
      reasons: ["The Roblox account was created 2 days ago"],
      points: DEFAULT_RISK_SETTINGS.weights.new_roblox_account,
    });
    const old = laterRisk(confirmed(new Date(NOW.getTime() - NEW_ROBLOX_ACCOUNT_DAYS * 86_400_000)), NOW, DEFAULT_RISK_SETTINGS);
    expect(old.rules).toEqual([]);
  });

  it("renamed since the order is a risk fact, unless the owner weighs it 0", () => {
    expect(laterRisk({ kind: "renamed", name: "B" }, NOW, DEFAULT_RISK_SETTINGS).reasons).toEqual(["The Roblox account has been renamed since the order"]);
    const off = { ...DEFAULT_RISK_SETTINGS, weights: { ...DEFAULT_RISK_SETTINGS.weights, renamed_since_order: 0 } };
    expect(laterRisk({ kind: "renamed", name: "B" }, NOW, off)).toEqual({ rules: [], reasons: [], points: 0 });
  });
});

/** The job's storage in memory: claims handed out once, answers kept per order. */
function rechecksOf(orders: Omit<RecipientRecheck, "claimedAt" | "previousCheckAt">[]) {
  const recorded = new Map<string, { change: RecheckChange; risk: LaterRisk }>();
  const released: string[] = [];
  let claimedLimit = 0;
  const rechecks: RecipientRechecks = {
    async claimDue({ now, limit }) {
      claimedLimit = limit;
      return orders.slice(0, limit).map((o) => ({ ...o, claimedAt: now, previousCheckAt: null }));
    },
    async record(claim, change, risk) {
      if (recorded.has(claim.orderId)) return false;
      recorded.set(claim.orderId, { change, risk });
      return true;
    },
    async release(claim) {
      released.push(claim.orderId);
    },
  };
  return { rechecks, recorded, released, limit: () => claimedLimit };
}

describe("the re-check job's run", () => {
  const clock = { now: () => NOW };
  const recheckWith = (store: ReturnType<typeof rechecksOf>, roblox: ReturnType<typeof inMemoryRobloxDirectory>) =>
    recheckRecipients({ rechecks: store.rechecks, directory: roblox.directory, clock, retryMs: 60_000, riskSettings: async () => DEFAULT_RISK_SETTINGS });

  it("asks Roblox about each claimed order and records what changed, in a bounded batch", async () => {
    const roblox = inMemoryRobloxDirectory();
    // The fake knows an id once it has been looked up by name.
    await roblox.directory.byUsername("Builder_42");
    roblox.rename(4212042, "Builder_Renamed");
    const store = rechecksOf([
      { orderId: "o1", robloxUsername: "New_Player_1", userId: null },
      { orderId: "o2", robloxUsername: "Nobody_Here", userId: null },
      { orderId: "o3", robloxUsername: "Builder_42", userId: 4212042 },
    ]);
    const changed = await recheckWith(store, roblox);
    expect(changed).toEqual([
      { orderId: "o1", change: "confirmed" },
      { orderId: "o2", change: "flagged" },
      { orderId: "o3", change: "renamed" },
    ]);
    expect(store.limit()).toBe(RECHECK_BATCH);
    // New_Player_1 was made on 2026-11-30: a day old at NOW.
    expect(store.recorded.get("o1")!.risk.rules).toEqual(["new_roblox_account"]);
    expect(store.recorded.get("o3")!.risk.rules).toEqual(["renamed_since_order"]);
  });

  it("stops at the first unanswered ask: a not-checked name keeps its claim, a checked account's delivery check is put back", async () => {
    const roblox = inMemoryRobloxDirectory();
    roblox.state.unreachable = true;
    const store = rechecksOf([
      { orderId: "o1", robloxUsername: "Offline_Kid", userId: null },
      { orderId: "o2", robloxUsername: "Builder_42", userId: 4212042 },
    ]);
    const changed = await recheckWith(store, roblox);
    expect(changed).toEqual([]);
    expect(store.recorded.size).toBe(0);
    expect(roblox.state.lookups).toBe(1);
    expect(store.released).toEqual(["o2"]);
  });
});
