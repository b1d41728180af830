import { readCookie, verifyVisitorCookie, VISITOR_COOKIE } from "#adapters/auth/visitor-cookie.ts";
import type { Logger } from "#adapters/log/logger.ts";
import type { AnalyticsModule } from "#domain/analytics/analytics.module.ts";

export interface RegistrationTrackingDeps {
  analytics: Pick<AnalyticsModule, "recordUserRegistered">;
  /** Signs visitor cookies. */
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
    await deps.analytics.recordUserRegistered({ userId: user.id, email: user.email, visitorId });
  } catch (error) {
    deps.log.error({ err: error, userId: user.id }, "could not record a registration in the event log");
  }
}
