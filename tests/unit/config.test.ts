import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/server/config.ts";

describe("configuration", () => {
  it("has working defaults for a local store", () => {
    expect(loadConfig({})).toEqual({
      databaseUrl: "file:./data/shop.db",
      host: "localhost",
      port: 4321,
      publicUrl: "http://localhost:4321",
      dataDir: "./data",
      logLevel: "info",
      authSecret: undefined,
      admin: null,
      google: null,
      trustProxy: false,
      authRateLimits: { signInPerMinute: 10, signUpPerMinute: 5 },
      timeZone: "UTC",
      trackingLimitPerMinute: 120,
    });
  });

  it("treats empty variables as unset and trims a trailing slash from PUBLIC_URL", () => {
    expect(loadConfig({ PORT: "", PUBLIC_URL: "https://shop.example/" }).publicUrl).toBe("https://shop.example");
  });

  it("needs paired variables together", () => {
    expect(() => loadConfig({ ADMIN_EMAIL: "a@b.co" })).toThrow("Invalid configuration: ADMIN_PASSWORD must be set together with ADMIN_EMAIL");
    expect(() => loadConfig({ GOOGLE_CLIENT_SECRET: "s" })).toThrow(/GOOGLE_CLIENT_ID must be set together with GOOGLE_CLIENT_SECRET/);
    expect(loadConfig({ ADMIN_EMAIL: "a@b.co", ADMIN_PASSWORD: "long enough" }).admin).toEqual({ email: "a@b.co", password: "long enough" });
  });

  it("stops with one line naming each bad variable", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT="eighty" is invalid/);
    expect(() => loadConfig({ LOG_LEVEL: "loud", DATABASE_URL: "mysql://x" })).toThrow(/LOG_LEVEL.*DATABASE_URL|DATABASE_URL.*LOG_LEVEL/);
    expect(() => loadConfig({ PUBLIC_URL: "not a url" })).toThrow(/PUBLIC_URL/);
  });

  it("takes TIME_ZONE as an IANA time zone known to Intl, and refuses anything else", () => {
    expect(loadConfig({ TIME_ZONE: "Europe/Berlin" }).timeZone).toBe("Europe/Berlin");
    expect(loadConfig({ TIME_ZONE: "America/Los_Angeles" }).timeZone).toBe("America/Los_Angeles");
    expect(() => loadConfig({ TIME_ZONE: "Mars/Olympus_Mons" })).toThrow(
      'Invalid configuration: TIME_ZONE="Mars/Olympus_Mons" is invalid: must be an IANA time zone such as UTC or Europe/Berlin',
    );
    expect(() => loadConfig({ TRACKING_LIMIT_PER_MINUTE: "0" })).toThrow(/TRACKING_LIMIT_PER_MINUTE="0" is invalid/);
  });
});
