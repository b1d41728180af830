import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#server/config.ts";

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
      chatMessagesPerMinute: 20,
      payments: { provider: "sandbox", providers: ["sandbox"], pendingSeconds: 30, paypal: null, stripe: null },
      roblox: {
        usersUrl: "https://users.roblox.com",
        thumbnailsUrl: "https://thumbnails.roblox.com",
        apisUrl: "https://apis.roblox.com",
        pendingDays: 7,
        timeoutMs: 2500,
        foundMs: 600_000,
        missingMs: 30_000,
        lookupsPerMinute: 30,
        signIn: null,
      },
      parentLinkHours: 48,
      reconcileSeconds: 300,
      pointsPerDollar: 100,
      timeZone: "UTC",
      trackingLimitPerMinute: 120,
      catalogueCache: true,
      shop: { name: "BloxBazaar", supportEmail: "support@localhost" },
      demoData: true,
      publicSandbox: false,
      abuseLimits: { signInPerAccount: 10, codeValidationsPerMinute: 10, preparesPerMinute: 10 },
      holdCaps: { maxUnitsPerProduct: 10, maxUnitsHeld: 30 },
      adminSessionIdleMs: 8 * 3600 * 1000,
      staffTwoFactorRequired: false,
      delivery: { slaMinutes: 20, checkIntervalMs: 30_000, compensationPoints: 500, confirmHours: 72, cancelGrantHours: 24 },
      mail: { transport: "file", folder: "data/outbox", from: '"BloxBazaar" <no-reply@localhost>' },
      adminNotify: { to: "administrators" },
      uploads: { store: "database", s3: null, presignedGets: false },
      webhooksAllowLocal: false,
      metricsToken: null,
      otlpEndpoint: null,
      eventStreamsMax: 2000,
      riskHoldScore: 50,
    });
  });

  it("keeps uploads in S3 only with a bucket URL, presigned GETs only on S3, and never repeats the S3 secret (issue 39)", () => {
    expect(() => loadConfig({ UPLOADS_STORE: "s3" })).toThrow("UPLOADS_STORE=s3 needs UPLOADS_S3_URL");
    expect(() => loadConfig({ UPLOADS_S3_PRESIGNED_GETS: "on" })).toThrow("needs UPLOADS_STORE=s3");
    expect(() => loadConfig({ UPLOADS_S3_URL: "ftp://x/y" })).toThrow("UPLOADS_S3_URL");
    expect(() => loadConfig({ UPLOADS_S3_ACCESS_KEY_ID: "AKIA" })).toThrow("UPLOADS_S3_SECRET_ACCESS_KEY must be set together with UPLOADS_S3_ACCESS_KEY_ID");
    expect(
      loadConfig({
        UPLOADS_STORE: "s3",
        UPLOADS_S3_URL: "s3://shop-uploads/prod",
        UPLOADS_S3_ACCESS_KEY_ID: "AKIA",
        UPLOADS_S3_SECRET_ACCESS_KEY: "very-secret",
      }).uploads,
    ).toEqual({
      store: "s3",
      s3: { url: "s3://shop-uploads/prod", region: "us-east-1", credentials: { accessKeyId: "AKIA", secretAccessKey: "very-secret" } },
      presignedGets: false,
    });
    let message = "";
    try {
      loadConfig({ UPLOADS_S3_SECRET_ACCESS_KEY: "very-secret", UPLOADS_S3_ACCESS_KEY_ID: "" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/UPLOADS_S3_ACCESS_KEY_ID must be set together/);
    expect(message).not.toContain("very-secret");
  });

  it("sends email through SMTP only with SMTP_URL and MAIL_FROM together, and never repeats SMTP_URL's password (issue 19)", () => {
    expect(loadConfig({ SMTP_URL: "smtps://shop:pw@mail.example.com:465", MAIL_FROM: "Shop <shop@example.com>" }).mail).toEqual({
      transport: "smtp",
      url: "smtps://shop:pw@mail.example.com:465",
      from: "Shop <shop@example.com>",
    });
    expect(() => loadConfig({ SMTP_URL: "smtp://shop:pw@mail.example.com:587" })).toThrow("MAIL_FROM must be set together with SMTP_URL");
    expect(() => loadConfig({ SMTP_URL: "http://shop:secret-pw@mail.example.com", MAIL_FROM: "x@y.z" })).toThrow(/SMTP_URL=\(hidden\) is invalid/);
    expect(() => loadConfig({ SMTP_URL: "http://shop:secret-pw@mail.example.com", MAIL_FROM: "x@y.z" })).not.toThrow(/secret-pw/);
    expect(loadConfig({ ADMIN_NOTIFY_EMAIL: "Ops@x.test, boss@x.test" }).adminNotify).toEqual({ to: "addresses", addresses: ["ops@x.test", "boss@x.test"] });
    expect(loadConfig({ ADMIN_NOTIFY_EMAIL: "off" }).adminNotify).toEqual({ to: "nobody" });
    expect(() => loadConfig({ ADMIN_NOTIFY_EMAIL: "not an address" })).toThrow(/ADMIN_NOTIFY_EMAIL/);
  });

  it("seeds demo data by default only into the default SQLite file (DEMO_DATA overrides)", () => {
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ DATABASE_URL: "file:./data/shop.db" }).demoData).toBe(true);
    expect(loadConfig({ DATABASE_URL: "file:/var/lib/shop/shop.db" }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgres://shop@db:5432/shop" }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgres://shop@db:5432/shop", DEMO_DATA: "on" }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: "off" }).demoData).toBe(false);
    expect(() => loadConfig({ DEMO_DATA: "yes" })).toThrow(/DEMO_DATA="yes" is invalid/);
  });

  it("refuses sandbox payments on an https PUBLIC_URL unless ALLOW_SANDBOX_PAYMENTS=1", () => {
    expect(() => loadConfig({ PUBLIC_URL: "https://shop.example" })).toThrow(
      /PAYMENT_PROVIDER=sandbox on an https PUBLIC_URL takes no real payments.*ALLOW_SANDBOX_PAYMENTS=1/,
    );
    expect(loadConfig({ PUBLIC_URL: "https://shop.example", ALLOW_SANDBOX_PAYMENTS: "1" }).publicSandbox).toBe(true);
    expect(loadConfig({ PUBLIC_URL: "http://shop.example" }).publicSandbox).toBe(false);
    const paypal = { PUBLIC_URL: "https://shop.example", PAYMENT_PROVIDER: "paypal", PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "s" };
    expect(loadConfig(paypal).publicSandbox).toBe(false);
  });

  it("takes the shop's name and support email from SHOP_NAME and SUPPORT_EMAIL", () => {
    expect(loadConfig({ SHOP_NAME: "Pixel Loot", SUPPORT_EMAIL: "help@pixelloot.example" }).shop).toEqual({
      name: "Pixel Loot",
      supportEmail: "help@pixelloot.example",
    });
    expect(
      loadConfig({ PUBLIC_URL: "https://pixelloot.example", PAYMENT_PROVIDER: "paypal", PAYPAL_CLIENT_ID: "i", PAYPAL_CLIENT_SECRET: "s" }).shop.supportEmail,
    ).toBe("support@pixelloot.example");
    expect(() => loadConfig({ SUPPORT_EMAIL: "nope" })).toThrow(/SUPPORT_EMAIL/);
  });

  it("treats empty variables as unset and trims a trailing slash from PUBLIC_URL", () => {
    expect(loadConfig({ PORT: "", PUBLIC_URL: "https://shop.example/", ALLOW_SANDBOX_PAYMENTS: "1" }).publicUrl).toBe("https://shop.example");
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

  it("takes several providers at once with PAYMENT_PROVIDERS, the first the default, each with its credentials", () => {
    const stripe = { STRIPE_SECRET_KEY: "sk_test_1", STRIPE_PUBLISHABLE_KEY: "pk_test_1", STRIPE_WEBHOOK_SECRET: "whsec_1" };
    const both = loadConfig({ PAYMENT_PROVIDERS: "paypal, stripe", PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "s", ...stripe }).payments;
    expect(both).toMatchObject({ provider: "paypal", providers: ["paypal", "stripe"], paypal: { clientId: "id" } });
    expect(both.stripe).toEqual({
      secretKey: "sk_test_1",
      publishableKey: "pk_test_1",
      webhookSecret: "whsec_1",
      apiUrl: "https://api.stripe.com",
      timeoutSeconds: 15,
    });
    // PAYMENT_PROVIDERS wins over PAYMENT_PROVIDER; STRIPE_API_URL points the SDK elsewhere.
    const local = loadConfig({ PAYMENT_PROVIDER: "paypal", PAYMENT_PROVIDERS: "sandbox,stripe", STRIPE_API_URL: "http://127.0.0.1:9/", ...stripe }).payments;
    expect(local).toMatchObject({ provider: "sandbox", providers: ["sandbox", "stripe"], paypal: null, stripe: { apiUrl: "http://127.0.0.1:9" } });
    expect(() => loadConfig({ PAYMENT_PROVIDERS: "paypal,stripe", ...stripe })).toThrow(/PAYMENT_PROVIDERS=paypal needs PAYPAL_CLIENT_ID/);
    expect(() => loadConfig({ PAYMENT_PROVIDERS: "paypal,venmo" })).toThrow(/PAYMENT_PROVIDERS names "venmo"/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk" })).toThrow(/STRIPE_PUBLISHABLE_KEY must be set together with STRIPE_SECRET_KEY/);
  });

  it("pays through the sandbox by default and through PayPal only with its credentials", () => {
    expect(loadConfig({ PAYMENT_PROVIDER: "sandbox", PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "secret" }).payments).toEqual({
      provider: "sandbox",
      providers: ["sandbox"],
      pendingSeconds: 30,
      paypal: null,
      stripe: null,
    });
    expect(loadConfig({ PAYMENT_PROVIDER: "paypal", PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "secret" }).payments).toMatchObject({
      provider: "paypal",
      providers: ["paypal"],
      paypal: { clientId: "id", clientSecret: "secret", apiBase: "https://api-m.sandbox.paypal.com", webhookId: undefined, timeoutSeconds: 15 },
      stripe: null,
    });
    expect(
      loadConfig({ PAYMENT_PROVIDER: "paypal", PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "s", PAYPAL_API_BASE: "http://127.0.0.1:9/" }).payments,
    ).toMatchObject({
      paypal: { apiBase: "http://127.0.0.1:9" },
    });
    expect(() => loadConfig({ PAYMENT_PROVIDER: "paypal" })).toThrow(/PAYMENT_PROVIDER=paypal needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET/);
    expect(() => loadConfig({ PAYPAL_CLIENT_ID: "id" })).toThrow(/PAYPAL_CLIENT_SECRET must be set together with PAYPAL_CLIENT_ID/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: "stripe" })).toThrow(/PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: "bitcoin" })).toThrow(/PAYMENT_PROVIDER="bitcoin" is invalid/);
    expect(() => loadConfig({ PAYPAL_API_BASE: "nope" })).toThrow(/PAYPAL_API_BASE/);
  });

  it("reads POINTS_PER_DOLLAR as a whole number from 0 (purchase points off) to 10000", () => {
    expect(loadConfig({ POINTS_PER_DOLLAR: "250" }).pointsPerDollar).toBe(250);
    expect(loadConfig({ POINTS_PER_DOLLAR: "0" }).pointsPerDollar).toBe(0);
    expect(() => loadConfig({ POINTS_PER_DOLLAR: "1.5" })).toThrow(/POINTS_PER_DOLLAR="1.5" is invalid/);
    expect(() => loadConfig({ POINTS_PER_DOLLAR: "-1" })).toThrow(/POINTS_PER_DOLLAR/);
  });

  it("takes TIME_ZONE as an IANA time zone known to Intl, and refuses anything else", () => {
    expect(loadConfig({ TIME_ZONE: "Europe/Berlin" }).timeZone).toBe("Europe/Berlin");
    expect(loadConfig({ TIME_ZONE: "America/Los_Angeles" }).timeZone).toBe("America/Los_Angeles");
    expect(() => loadConfig({ TIME_ZONE: "Mars/Olympus_Mons" })).toThrow(
      'Invalid configuration: TIME_ZONE="Mars/Olympus_Mons" is invalid: must be an IANA time zone such as UTC or Europe/Berlin',
    );
    expect(() => loadConfig({ TRACKING_LIMIT_PER_MINUTE: "0" })).toThrow(/TRACKING_LIMIT_PER_MINUTE="0" is invalid/);
    expect(() => loadConfig({ CATALOGUE_CACHE: "maybe" })).toThrow(/CATALOGUE_CACHE="maybe" is invalid/);
    expect(loadConfig({ CATALOGUE_CACHE: "off" }).catalogueCache).toBe(false);
  });
});

describe("ADMIN_PASSWORD", () => {
  it("refuses one of the most common passwords at start, with one line naming it", () => {
    expect(() => loadConfig({ ADMIN_EMAIL: "boss@shop.test", ADMIN_PASSWORD: "password123" })).toThrow(
      "Invalid configuration: ADMIN_PASSWORD=(hidden) is invalid: is one of the most common passwords; choose another",
    );
  });
});
