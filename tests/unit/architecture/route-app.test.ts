import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { metricsTokenOf, sessionTokenOfRequest, type RouteApp } from "#server/route-app.ts";

// What Astro.locals.app gives a route (src/server/route-app.ts). The type lines below are checked by
// `npm run check` (astro check type-checks tests): a route that reaches a secret, the file store or
// the listener lists stops compiling. The named accessors read the one thing each exists for.
function fencedOff(app: RouteApp): unknown[] {
  return [
    // @ts-expect-error the signing secrets are not a route's
    app.secret,
    // @ts-expect-error nor the secrets during a rotation
    app.secrets,
    // @ts-expect-error nor the file store's bytes (routes use uploads and files)
    app.fileStore,
    // @ts-expect-error nor the listeners every append runs
    app.eventListeners,
    // @ts-expect-error nor the guest mergers of sign-in
    app.guestMergers,
    // @ts-expect-error nor the background jobs
    app.lateOrders,
    // @ts-expect-error nor a secret setting
    app.config.authSecret,
    // @ts-expect-error nor the metrics token (metricsTokenOf)
    app.config.metricsToken,
    // @ts-expect-error nor SMTP's URL
    app.config.mail.url,
    // @ts-expect-error nor where the database is
    app.config.databaseUrl,
    // @ts-expect-error nor a payment provider's secret
    app.config.payments.stripe?.secretKey,
  ];
}

const SECRET = "a route app test secret of thirty-two characters or more";
// The App itself, as the middleware hands it over; only what the accessors read.
const whole = { secret: SECRET, config: { publicUrl: "http://localhost:4321", metricsToken: "scrape me" } } as unknown as RouteApp;

describe("RouteApp's named accessors", () => {
  it("give GET /metrics the token it answers to, and nothing when metrics are off", () => {
    expect(metricsTokenOf(whole)).toBe("scrape me");
    expect(metricsTokenOf({ config: { metricsToken: null } } as unknown as RouteApp)).toBeNull();
    expect(fencedOff).toBeTypeOf("function");
  });

  it("give GET /api/events the session token of a cookie the store signed, and nothing for another", () => {
    const signature = createHmac("sha256", SECRET).update("the-token").digest("base64");
    const signed = new Request("http://localhost/api/events", {
      headers: { cookie: `better-auth.session_token=${encodeURIComponent(`the-token.${signature}`)}` },
    });
    expect(sessionTokenOfRequest(whole, signed)).toBe("the-token");
    const forged = createHmac("sha256", "another secret").update("the-token").digest("base64");
    const other = new Request("http://localhost/api/events", { headers: { cookie: `better-auth.session_token=${encodeURIComponent(`the-token.${forged}`)}` } });
    expect(sessionTokenOfRequest(whole, other)).toBeNull();
  });
});
