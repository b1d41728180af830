import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import type { Clock } from "../../../domain/shared/clock.port.ts";
import { createApp, type App } from "../../../src/server/app.ts";
import { loadConfig } from "../../../src/server/config.ts";
import type { RouteHandler } from "../../../src/server/http.ts";
import { prepareDatabase } from "../../../src/server/prepare-database.ts";
import { handleRequest } from "../../../src/server/request-pipeline.ts";

export interface CallOptions {
  method?: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A raw body sent as is (for malformed JSON tests). */
  rawBody?: string;
  headers?: Record<string, string>;
  /** The client's address as Astro would report it (rate limits key on it). */
  clientAddress?: string;
}

export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A store on its own temporary SQLite file, seeded like a new installation, and a way to call route
 * handlers through the same request pipeline the server uses. Closed after the test file.
 */
export async function createTestApp(options: { clock?: Clock; seed?: boolean } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "shop-test-"));
  const config = loadConfig({ DATABASE_URL: `file:${join(dir, "shop.db")}`, DATA_DIR: dir, LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost:4321" });
  const app: App = createApp(config, options.clock ? { clock: options.clock } : {});
  if (options.seed === false) {
    const { migrateToLatest } = await import("../../../adapters/db/database.ts");
    await migrateToLatest(app.db);
  } else {
    await prepareDatabase(app);
  }
  afterAll(async () => {
    await app.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  async function call<T = any>(handler: RouteHandler | undefined, path: string, opts: CallOptions = {}): Promise<CallResult<T>> {
    if (!handler) throw new Error(`no handler for ${path}`);
    const url = new URL(path, config.publicUrl);
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
    const method = opts.method ?? "GET";
    const body = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
    const request = new Request(url, {
      method,
      headers: { "content-type": "application/json", origin: config.publicUrl, ...opts.headers },
      ...(body === undefined || method === "GET" ? {} : { body }),
    });
    const response = await handleRequest(request, app, async () =>
      handler({ request, params: opts.params ?? {}, url, locals: { app }, ...(opts.clientAddress ? { clientAddress: opts.clientAddress } : {}) }),
    );
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  }

  return { app, config, dir, call };
}
