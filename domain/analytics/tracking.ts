import type { Clock } from "../shared/clock.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { ADDRESS_CEILING_FACTOR } from "../shared/rate-limit.ts";
import type { TrackingHit } from "./tracking-admission.ts";
import type { TrackingWork } from "./tracking-work.port.ts";

/** Who a tracking call comes from. */
export interface Tracked {
  visitorId: string;
  /** False when the request carried no valid visitor cookie (the id was minted for this request). */
  knownVisitor: boolean;
  clientIp: string;
  userId: string | null;
  /**
   * The visitor's answer to the consent banner (issue 20): true only when they accepted analytics.
   * Without it a page view is counted with no visitor id and no user id. Absent means not asked.
   */
  analyticsConsent?: boolean;
}

export interface TrackingDeps {
  tracking: UnitOfWork<TrackingWork>;
  clock: Clock;
  /** Calls per visitor and minute for each tracking endpoint. */
  limitPerMinute: number;
}

/**
 * Tracking is limited per visitor. A client that sends no visitor cookie gets a new id on every
 * request, so it is limited by its address instead: dropping the cookie buys no extra quota.
 */
export function trackingLimitKey(endpoint: string, who: Tracked): string {
  return who.knownVisitor ? `${endpoint}:visitor:${who.visitorId}` : `${endpoint}:ip:${who.clientIp}`;
}

/** Tracking limits count per minute. */
export const TRACKING_WINDOW_MS = 60_000;

/**
 * The hits one tracking call counts: its visitor's (or address's, see trackingLimitKey) against the
 * limit, and, for a known visitor, its address's against ADDRESS_CEILING_FACTOR times the limit: a
 * client can collect fresh visitor cookies at will, and each would otherwise bring a full quota.
 */
export function trackingHits(endpoint: string, who: Tracked, limitPerMinute: number): TrackingHit[] {
  const hits: TrackingHit[] = [{ key: trackingLimitKey(endpoint, who), limit: limitPerMinute }];
  if (who.knownVisitor) hits.push({ key: `${endpoint}:ip:${who.clientIp}`, limit: limitPerMinute * ADDRESS_CEILING_FACTOR });
  return hits;
}
