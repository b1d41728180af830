import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, inject } from "vitest";
import { ANALYTICS_CONSENT_COOKIE } from "#adapters/auth/analytics-consent-cookie.ts";
import { migrateToLatest } from "#adapters/db/database.ts";
import { refreshPlannerStatistics } from "#adapters/db/planner-statistics.ts";
import type { Clock } from "#domain/shared/clock.port.ts";
import { createApp, openApp, type App } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import type { RouteHandler } from "#server/http.ts";
import { ensureAdmin, prepareDatabase } from "#server/prepare-database.ts";
import { handleRequest } from "#server/request-pipeline.ts";
import { checkRouteCall } from "./routes.ts";
import { createTestPostgresDatabase, TEST_POSTGRES_URL } from "../../support/postgres.ts";
import { startRobloxFixtureServer } from "../../support/roblox-fixture-server.ts";
import { testPasswordHasher } from "../../support/test-password-hasher.ts";

/**
 * Which database the integration suite runs on: SQLite by default; PostgreSQL when the suite is
 * started with TEST_DATABASE=postgres (npm run test:integration:pg).
 */
export const TEST_DATABASE = process.env["TEST_DATABASE"] === "postgres" ? "postgres" : "sqlite";

export interface CallOptions {
  method?: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A raw body sent as is (for malformed JSON tests). */
  rawBody?: string;
  headers?: Record<string, string>;
  /** The client's address as the server sees it (rate limits are per address). */
  ip?: string;
  /** The app instance that serves the call (a sibling(): like another server process); default the store's. */
  app?: App;
}

export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export const PUBLIC_URL = "http://localhost:4321";

/**
 * A store on its own temporary SQLite file (or fresh PostgreSQL database), seeded like a new installation, and clients that call
 * route handlers through the same request pipeline the server uses, keeping cookies like a browser.
 * Every call is checked against the route manifest first (helpers/routes.ts): a path the server
 * would not route to the handler's file fails the test.
 * Closed after the test file.
 */
export async function createTestApp(options: { clock?: Clock; seed?: boolean; env?: Record<string, string>; demoRatings?: boolean } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "shop-test-"));
  // A copy of the run's migrated template (helpers/migrated-template.ts) when there is one: the
  // migrations then find nothing to do, which saves about 2 s per file on the CI machine.
  const sqliteTemplate = inject("migratedSqliteFile");
  const postgresTemplate = inject("migratedPostgresDatabase");
  const onPostgres = TEST_DATABASE === "postgres" && TEST_POSTGRES_URL;
  const postgres = onPostgres ? await createTestPostgresDatabase(postgresTemplate ? { template: postgresTemplate } : {}) : null;
  if (!onPostgres && sqliteTemplate) copyFileSync(sqliteTemplate, join(dir, "shop.db"));
  // Roblox's directory is the real adapter talking to a local server replaying Roblox's documented
  // answers (tests/fixtures/roblox/README.md: every well-formed name exists there but a few).
  const roblox = await startRobloxFixtureServer();
  const config = loadConfig({
    // Seeded like a new local store (DEMO_DATA is off by default for any other database).
    DEMO_DATA: "on",
    DATABASE_URL: postgres ? postgres.url : `file:${join(dir, "shop.db")}`,
    DATA_DIR: dir,
    LOG_LEVEL: "silent",
    PUBLIC_URL,
    // The fixtures' many new accounts all order for "Builder_42": risk checks would hold them. The
    // risk tests turn the checks on through the settings API (tests/integration/risk-api.test.ts).
    RISK_HOLD_SCORE: "100",
    ROBLOX_USERS_URL: roblox.usersUrl,
    ROBLOX_THUMBNAILS_URL: roblox.thumbnailsUrl,
    ROBLOX_APIS_URL: roblox.apisUrl,
    ...options.env,
  });
  // Passwords hashed at a sixteenth of the cost (tests/support/test-password-hasher.ts); the servers keep full cost.
  const app: App = await openApp(config, { passwordHasher: testPasswordHasher, ...(options.clock ? { clock: options.clock } : {}) });
  if (options.seed === false) await migrateToLatest(app.db);
  else {
    await prepareDatabase(app, { demoRatings: options.demoRatings ?? false });
    // On a fresh database prepareDatabase ends with ANALYZE because it applied the migrations; on
    // the template's copy it applied none, so the planner gets the same statistics here.
    if (postgres && postgresTemplate) await refreshPlannerStatistics(app.db, { start: true, migrated: true });
  }
  const siblings: App[] = [];
  afterAll(async () => {
    // Queued page views written, then every pool closed before the database is dropped (a drop
    // ends their connections with an error).
    for (const other of [...siblings, app]) await other.pageViews.close();
    for (const other of siblings) await other.db.destroy();
    await app.db.destroy();
    await postgres?.drop();
    await roblox.close();
    rmSync(dir, { recursive: true, force: true });
    // Closing pools and dropping a PostgreSQL database took over vitest's default 10 s on a loaded 2-core machine.
  }, 60_000);

  let ipCounter = 0;
  /**
   * A browser: its own cookie jar and, unless told otherwise, its own client address. It has
   * accepted analytics on the consent banner (issue 20) unless `analyticsConsent: false`: the
   * analytics tests count visitors, which only a visitor who consented is.
   */
  function client(defaults: { ip?: string; analyticsConsent?: boolean } = {}) {
    const jar = new Map<string, string>();
    if (defaults.analyticsConsent !== false) jar.set(ANALYTICS_CONSENT_COOKIE, "granted");
    const ip = defaults.ip ?? `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
    async function call<T = any>(handler: RouteHandler | undefined, path: string, opts: CallOptions = {}): Promise<CallResult<T>> {
      if (!handler) throw new Error(`no handler for ${path}`);
      await checkRouteCall(handler, path, opts.params);
      const url = new URL(path, config.publicUrl);
      for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
      const method = opts.method ?? (opts.body !== undefined || opts.rawBody !== undefined ? "POST" : "GET");
      const body = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
      const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
      const request = new Request(url, {
        method,
        headers: {
          "content-type": "application/json",
          ...(method === "GET" ? {} : { origin: config.publicUrl }),
          ...(cookie ? { cookie } : {}),
          ...opts.headers,
        },
        ...(body === undefined || method === "GET" ? {} : { body }),
      });
      const server = opts.app ?? app;
      const response = await handleRequest(request, server, opts.ip ?? ip, async (state) =>
        handler({ request, params: opts.params ?? {}, url, locals: { app: server, ...state } }),
      );
      for (const setCookie of response.headers.getSetCookie()) {
        const [pair, ...attributes] = setCookie.split(";");
        const index = pair!.indexOf("=");
        const name = pair!.slice(0, index).trim();
        const value = pair!.slice(index + 1).trim();
        const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim())) || value === "";
        if (expired) jar.delete(name);
        else jar.set(name, value);
      }
      // Pictures (uploads, proofs) come back as their bytes, HTML (the Mail tab's preview) and CSV as text; everything else is JSON.
      if (response.headers.get("content-type")?.startsWith("image/")) {
        return { status: response.status, body: Buffer.from(await response.arrayBuffer()) as T, headers: response.headers };
      }
      const text = await response.text();
      if (/^text\/(html|csv)/.test(response.headers.get("content-type") ?? "")) return { status: response.status, body: text as T, headers: response.headers };
      return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
    }
    return { call, jar };
  }

  /**
   * A second app on the same database, built like another server process would build it (its own
   * composition root and, on PostgreSQL, its own connection pool). A browser calls it with
   * `{ app: sibling }`; its cookies hold on both, as behind a load balancer.
   */
  function sibling(): App {
    // The secrets the first process read from the database (or DATA_DIR): every process shares them.
    const other: App = createApp(config, { passwordHasher: testPasswordHasher, ...(options.clock ? { clock: options.clock } : {}), secrets: app.secrets });
    siblings.push(other);
    return other;
  }

  const anonymous = client();
  return {
    app,
    /** The Roblox fixture server the store asks (next(), down()/up() for Roblox's failures). */
    roblox,
    sibling,
    config,
    dir,
    client,
    /** A call from a fresh guest each time (no cookies kept). */
    call: <T = any>(handler: RouteHandler | undefined, path: string, opts: CallOptions = {}) => client().call<T>(handler, path, opts),
    anonymous,
    ensureAdmin: (email: string, password: string) => ensureAdmin(app, email, password),
  };
}
