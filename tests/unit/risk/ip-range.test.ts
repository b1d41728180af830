import { describe, expect, it } from "vitest";
import { blocks } from "#domain/risk/blocklist.ts";
import { inRange, ipKey, ipRange } from "#domain/risk/ip-range.ts";

const party = (ip: string | null) => ({ email: null, robloxUsername: null, payerId: null, ip });
const ipEntry = (value: string) => ({ kind: "ip" as const, value });

describe("blocklist address ranges (issue 37)", () => {
  it("an IPv4 range covers its first and last address and nothing outside", () => {
    const range = ipRange("203.0.113.0/24")!;
    expect(inRange(range, "203.0.113.0")).toBe(true);
    expect(inRange(range, "203.0.113.255")).toBe(true);
    expect(inRange(range, "203.0.112.255")).toBe(false);
    expect(inRange(range, "203.0.114.0")).toBe(false);
  });

  it("an IPv4 address matches however the socket wrote it (IPv4-mapped IPv6)", () => {
    expect(ipKey("::ffff:203.0.113.9")).toBe(ipKey("203.0.113.9"));
    expect(blocks(ipEntry("203.0.113.0/24"), party("::ffff:203.0.113.9"))).toBe(true);
  });

  it("an IPv6 range, compressed or not, covers its addresses", () => {
    const range = ipRange("2001:db8::/32")!;
    expect(inRange(range, "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff")).toBe(true);
    expect(inRange(range, "2001:0db8:0000:0000:0000:0000:0000:0001")).toBe(true);
    expect(inRange(range, "2001:db9::")).toBe(false);
    expect(inRange(ipRange("2001:db8::1")!, "2001:db8::1")).toBe(true);
    expect(inRange(ipRange("2001:db8::1")!, "2001:db8::2")).toBe(false);
  });

  it("a single address is a range of one; /0 is everything of its family", () => {
    expect(blocks(ipEntry("198.51.100.7"), party("198.51.100.7"))).toBe(true);
    expect(blocks(ipEntry("198.51.100.7"), party("198.51.100.8"))).toBe(false);
    expect(blocks(ipEntry("0.0.0.0/0"), party("8.8.8.8"))).toBe(true);
    expect(blocks(ipEntry("0.0.0.0/0"), party("2001:db8::1"))).toBe(false);
  });

  it("what is not an address or a range matches nothing", () => {
    for (const bad of ["203.0.113.0/33", "2001:db8::/129", "1::2::3", "256.1.1.1", "example.com", "10.0.0.1/8/1", ""]) expect(ipRange(bad)).toBeNull();
    expect(blocks(ipEntry("not an address"), party("203.0.113.9"))).toBe(false);
    expect(blocks(ipEntry("203.0.113.0/24"), party(null))).toBe(false);
    expect(blocks(ipEntry("203.0.113.0/24"), party("unknown"))).toBe(false);
  });
});
