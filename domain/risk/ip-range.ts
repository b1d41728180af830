/**
 * Addresses and address ranges of the blocklist (issue 37) as 128-bit numbers written as 32 hex
 * digits, so that "is this address in that range" is a comparison of two strings (in SQL too: the
 * blocklist stores each `ip` entry's first and last address). IPv4 addresses are placed where IPv6
 * maps them (::ffff:a.b.c.d), so an IPv4 range matches an IPv4 client however the socket wrote it.
 * The edge validates the text with zod (z.ipv4, z.ipv6, z.cidrv4, z.cidrv6); these parse what passed.
 */
export interface IpRange {
  start: string;
  end: string;
}

function parseV4(text: string): bigint | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = (value << 8n) | BigInt(Number(part));
  }
  return value;
}

function parseV6(text: string): bigint | null {
  let head = text;
  let tail: bigint | null = null;
  // An embedded IPv4 in the last 32 bits (::ffff:1.2.3.4).
  const lastColon = text.lastIndexOf(":");
  if (text.includes(".")) {
    tail = parseV4(text.slice(lastColon + 1));
    if (tail === null) return null;
    head = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = head.split("::");
  if (halves.length > 2) return null;
  const group = (s: string) => (s === "" ? [] : s.split(":"));
  const left = group(halves[0]!);
  const right = halves.length === 2 ? group(halves[1]!) : [];
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...right];
  let value = 0n;
  for (const g of groups) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
    value = (value << 16n) | BigInt(parseInt(g, 16));
  }
  return tail === null ? value : (value & ~0xffffffffn) | tail;
}

/** An address as 128 bits (IPv4 mapped), or null when it is not one. */
function parse(text: string): { value: bigint; bits: 32 | 128 } | null {
  const v4 = parseV4(text);
  if (v4 !== null) return { value: (0xffffn << 32n) | v4, bits: 32 };
  const v6 = parseV6(text.replace(/%.*$/, ""));
  return v6 === null ? null : { value: v6, bits: 128 };
}

const hex = (value: bigint) => value.toString(16).padStart(32, "0");

/** The key of a client's address (its 32 hex digits), or null when it is no address. */
export function ipKey(address: string): string | null {
  const parsed = parse(address.trim().toLowerCase());
  return parsed ? hex(parsed.value) : null;
}

/** The first and last address of "a.b.c.d", "a.b.c.d/n", an IPv6 address or "x::/n"; null when it is none of them. */
export function ipRange(text: string): IpRange | null {
  const [address, prefixText, ...rest] = text.trim().toLowerCase().split("/");
  if (rest.length > 0 || !address) return null;
  const parsed = parse(address);
  if (!parsed) return null;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? parsed.bits : Number(prefixText);
  if (prefix > parsed.bits) return null;
  const hostBits = BigInt(parsed.bits - prefix);
  const mask = (1n << hostBits) - 1n;
  const start = parsed.value & ~mask;
  return { start: hex(start), end: hex(start | mask) };
}

/** Whether the address is in the range. */
export function inRange(range: IpRange, address: string): boolean {
  const key = ipKey(address);
  return key !== null && key >= range.start && key <= range.end;
}
