import { ADDRESS_CEILING_FACTOR, type LimitCheck } from "../shared/rate-limit.ts";

const MINUTE = 60_000;

/**
 * "Is this you?" asks Roblox as the shopper types (debounced): a shopper (account, or visitor cookie
 * for a guest) may look up `perMinute` names a minute and one address ADDRESS_CEILING_FACTOR times
 * that, so the store cannot be used to scrape Roblox through its own limits.
 */
export function robloxLookupChecks(who: { userId: string | null; visitorId: string; clientIp: string }, perMinute: number): LimitCheck[] {
  const person = who.userId ? `user:${who.userId}` : `visitor:${who.visitorId}`;
  return [
    { key: `roblox-resolve:${person}`, limit: perMinute, windowMs: MINUTE },
    { key: `roblox-resolve:ip:${who.clientIp}`, limit: perMinute * ADDRESS_CEILING_FACTOR, windowMs: MINUTE },
  ];
}
