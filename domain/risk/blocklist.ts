import { inRange, ipRange } from "./ip-range.ts";

/** What staff can block from checking out (issue 37). */
export const BLOCK_KINDS = ["email", "email_domain", "roblox_username", "payer_id", "ip"] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

export interface BlockEntry {
  id: string;
  kind: BlockKind;
  /** Lowered: emails, domains and usernames compare without case. */
  value: string;
  note: string;
  /** null: until removed. */
  expiresAt: Date | null;
  createdAt: Date;
  createdBy: string;
}

/** Who is checking out or paid: what the blocklist is compared with (unknown parts are null). */
export interface Party {
  email: string | null;
  robloxUsername: string | null;
  payerId: string | null;
  ip: string | null;
}

/** The values of a party, per kind, as the blocklist stores them (lowered; the email's domain too). */
export function partyKeys(party: Party): { kind: BlockKind; value: string }[] {
  const keys: { kind: BlockKind; value: string }[] = [];
  const email = party.email?.trim().toLowerCase() ?? "";
  if (email) {
    keys.push({ kind: "email", value: email });
    const domain = email.split("@")[1];
    if (domain) keys.push({ kind: "email_domain", value: domain });
  }
  const username = party.robloxUsername?.trim().toLowerCase() ?? "";
  if (username) keys.push({ kind: "roblox_username", value: username });
  if (party.payerId) keys.push({ kind: "payer_id", value: party.payerId.trim().toLowerCase() });
  if (party.ip) keys.push({ kind: "ip", value: party.ip.trim().toLowerCase() });
  return keys;
}

/** Whether an entry names a part of the party: an `ip` entry by its range (an address is a range of one). */
export function blocks(entry: Pick<BlockEntry, "kind" | "value">, party: Party): boolean {
  if (entry.kind === "ip") {
    const range = ipRange(entry.value);
    return range !== null && party.ip !== null && inRange(range, party.ip);
  }
  return partyKeys(party).some((key) => key.kind === entry.kind && key.value === entry.value);
}

/** The stored form of a value staff typed. */
export function normalizeBlockValue(kind: BlockKind, value: string): string {
  const lowered = value.trim().toLowerCase();
  return kind === "email_domain" ? lowered.replace(/^@/, "") : lowered;
}

/** An entry is in force until its expiry. */
export function inForce(entry: Pick<BlockEntry, "expiresAt">, now: Date): boolean {
  return entry.expiresAt === null || entry.expiresAt.getTime() > now.getTime();
}
