import { inRange, ipRange } from "./ip-range.ts";
import { mailboxKey, mailDomainKey } from "../shared/mailbox.ts";

/** What staff can block from checking out (issue 37). */
export const BLOCK_KINDS = ["email", "email_domain", "roblox_username", "payer_id", "ip"] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

export interface BlockEntry {
  id: string;
  kind: BlockKind;
  /** As staff typed it, lowered; an email or domain matches by its key (blockKey), not this spelling. */
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

/**
 * The keys of a party, per kind, as the blocklist matches them (blockKey): the email's mailbox and
 * its domain (domain/shared/mailbox.ts, so another spelling of a blocked mailbox is the same party),
 * the others lowered.
 */
export function partyKeys(party: Party): { kind: BlockKind; value: string }[] {
  const keys: { kind: BlockKind; value: string }[] = [];
  const email = party.email?.trim().toLowerCase() ?? "";
  if (email) {
    keys.push({ kind: "email", value: mailboxKey(email) });
    const at = email.lastIndexOf("@");
    if (at > 0 && at < email.length - 1) keys.push({ kind: "email_domain", value: mailDomainKey(email.slice(at + 1)) });
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
  const key = blockKey(entry.kind, entry.value);
  return partyKeys(party).some((partyKey) => partyKey.kind === entry.kind && partyKey.value === key);
}

/**
 * What an entry is matched by, stored with it (issue 46): an email by its mailbox, a domain as one
 * key (googlemail.com is gmail.com), a username or payer lowered; null for an `ip` entry, which
 * matches by its range.
 */
export function blockKey(kind: BlockKind, value: string): string | null {
  if (kind === "ip") return null;
  if (kind === "email") return mailboxKey(value);
  if (kind === "email_domain") return mailDomainKey(value);
  return value.trim().toLowerCase();
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
