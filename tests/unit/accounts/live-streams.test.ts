import { describe, expect, it } from "vitest";
import { makeRoom, SHOPPER_STREAMS_PER_ADDRESS, STREAMS_PER_ACCOUNT, type HeldStream } from "#domain/accounts/live-streams.ts";

// Issue 46: the live channel's bounds keep staff on it, whatever shoppers open.
let t = 0;
const held = (accountId: string, over: Partial<HeldStream> = {}): HeldStream => ({
  accountId,
  staff: false,
  address: "203.0.113.5",
  openedAt: ++t,
  activeAt: t,
  ...over,
});
const shopper = (accountId: string, address = "203.0.113.5") => ({ accountId, staff: false, address });

describe("makeRoom", () => {
  it(`an account holds at most ${STREAMS_PER_ACCOUNT} streams: its newest replaces its oldest, nobody else's`, () => {
    const mine = Array.from({ length: STREAMS_PER_ACCOUNT }, () => held("sam"));
    const other = held("ada");
    const room = makeRoom([other, ...mine], shopper("sam"), 100);
    expect(room).toEqual({ end: [{ stream: mine[0], reason: "replaced" }], refuse: false });
  });

  it(`shoppers from one address hold at most ${SHOPPER_STREAMS_PER_ADDRESS}; staff there are not counted, an IPv6 /64 is one address`, () => {
    const streams = Array.from({ length: SHOPPER_STREAMS_PER_ADDRESS }, (_, i) => held(`kid${i}`));
    const staff = held("owner", { staff: true, openedAt: 0 });
    const room = makeRoom([staff, ...streams], shopper("new-kid"), 100);
    expect(room.end).toEqual([{ stream: streams[0], reason: "replaced" }]);
    expect(makeRoom(streams, shopper("new-kid", "198.51.100.1"), 100).end).toEqual([]);
    // Staff at the same address (the shop's office) are never capped by it.
    expect(makeRoom(streams, { accountId: "owner", staff: true, address: "203.0.113.5" }, 100).end).toEqual([]);
  });

  it("a full process sheds the shopper idle the longest, never a staff stream for a shopper", () => {
    const owner = held("owner", { staff: true, activeAt: 0 });
    const busy = held("sam", { activeAt: 50 });
    const idle = held("ada", { activeAt: 10 });
    expect(makeRoom([owner, busy, idle], shopper("zoe", "198.51.100.2"), 3)).toEqual({ end: [{ stream: idle, reason: "shed" }], refuse: false });
    // Only staff left: a shopper is turned away and nothing is ended; staff shed staff.
    const staff = [owner, held("manager", { staff: true, activeAt: 5 })];
    expect(makeRoom(staff, shopper("zoe"), 2)).toEqual({ end: [], refuse: true });
    expect(makeRoom(staff, { accountId: "support", staff: true, address: null }, 2)).toEqual({ end: [{ stream: owner, reason: "shed" }], refuse: false });
  });

  it("one shopper opening the process's bound keeps at most their own few, and the staff stream stays", () => {
    const streams: HeldStream[] = [held("owner", { staff: true })];
    const shed: string[] = [];
    for (let i = 0; i < 20; i++) {
      const room = makeRoom(streams, shopper("attacker"), 5);
      expect(room.refuse).toBe(false);
      for (const { stream } of room.end) {
        streams.splice(streams.indexOf(stream), 1);
        shed.push(stream.accountId);
      }
      streams.push(held("attacker"));
    }
    expect(streams.filter((s) => s.accountId === "attacker")).toHaveLength(STREAMS_PER_ACCOUNT);
    expect(streams.some((s) => s.accountId === "owner")).toBe(true);
    expect(shed).not.toContain("owner");
  });
});
