/**
 * What a journeys' store is configured with beside its port, database and address: the main store
 * of playwright.config.ts, and a store a spec starts itself with another configuration
 * (tests/e2e/spawned-store.ts), so both behave alike where the journeys rely on it.
 */
export const JOURNEY_STORE_ENV: Readonly<Record<string, string>> = {
  DEMO_DATA: "on",
  LOG_LEVEL: "warn",
  // Every journey signs up from 127.0.0.1; the production limits would throttle the suite.
  SIGN_IN_LIMIT_PER_MINUTE: "1000",
  SIGN_UP_LIMIT_PER_MINUTE: "1000",
  // The journeys sign the one administrator in many times within minutes.
  SIGN_IN_ACCOUNT_LIMIT: "1000",
  // The administrator that journeys sign in as (admin panel, discount codes, approvals).
  ADMIN_EMAIL: "admin@shop.test",
  ADMIN_PASSWORD: "admin-password-1",
  // The sandbox's "pending review" payments clear after a few seconds (tests/e2e/payments.spec.ts).
  SANDBOX_PENDING_SECONDS: "3",
  // The journeys' many new accounts all order for "Builder_42": risk checks would hold them
  // (tests/e2e/risk.spec.ts turns them on through the settings).
  RISK_HOLD_SCORE: "100",
};

/** Roblox's web APIs as the journeys' stores reach them: the fixture server playwright.config.ts starts. */
export function robloxFixtureEnv(robloxFixtures: string): Record<string, string> {
  return { ROBLOX_USERS_URL: robloxFixtures, ROBLOX_THUMBNAILS_URL: robloxFixtures, ROBLOX_APIS_URL: robloxFixtures };
}
