import type { Kysely } from "kysely";
import { readCookie, verifyVisitorCookie, VISITOR_COOKIE } from "../../adapters/auth/visitor-cookie.ts";
import type { Database } from "../../adapters/db/schema.ts";
import type { EventListener } from "../../adapters/repositories/event-log.repository.ts";
import { createTrackingUnitOfWork } from "../../adapters/repositories/tracking.unit-of-work.ts";
import type { Logger } from "../../adapters/log/logger.ts";
import { recordUserRegistered } from "../../domain/analytics/record-user-registered.ts";
import type { Clock } from "../../domain/shared/clock.port.ts";

export interface RegistrationTrackingDeps {
  db: Kysely<Database>;
  eventListeners: readonly EventListener[];
  clock: Clock;
  secret: string;
  log: Logger;
}

/**
 * better-auth's hook for a new shopper account: appends UserRegistered with the registering
 * browser's visitor id. better-auth has already committed the account, so a failure here cannot
 * undo it; it is logged and the registration still succeeds.
 */
export async function trackShopperRegistration(deps: RegistrationTrackingDeps, user: { id: string; email: string }, headers: Headers | null): Promise<void> {
  const visitorId = verifyVisitorCookie(readCookie(headers?.get("cookie") ?? null, VISITOR_COOKIE), deps.secret);
  try {
    await recordUserRegistered(
      { userId: user.id, email: user.email, visitorId },
      { tracking: createTrackingUnitOfWork(deps.db, deps.eventListeners, deps.clock), clock: deps.clock },
    );
  } catch (error) {
    deps.log.error({ err: error, userId: user.id }, "could not record a registration in the event log");
  }
}
