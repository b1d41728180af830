// `npm run bench:analytics`: what analytics costs.
//  1. Page-view ingestion: POST /api/tracking/page-view on the real server (node scripts/start.mjs,
//     temporary database, LOG_LEVEL=warn) at 32 connections, each request from another visitor
//     (signed visitor cookies, so the per-visitor limit never throttles), against a bare node:http +
//     better-sqlite3 single-insert server in the same run; and GET /api/health as the floor any
//     route of the store pays.
//  2. The database side alone, in process: 20,000 page views recorded by 32 concurrent callers,
//     through the page-view log (group commit) and, for comparison, one transaction per view (the
//     rate-limit hit and the append with its projections, as cart activity still does).
//  3. A log of 1,000,000 generated events inserted straight into a temporary database, the
//     projections rebuilt from it (events/s), then GET /api/admin/analytics and the other analytics
//     endpoints timed as an administrator with that log.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { newVisitorId, signVisitorId, VISITOR_COOKIE } from "../adapters/auth/visitor-cookie.ts";
import { analyticsProjections } from "../read-models/analytics/analytics-projections.ts";
import { rebuildProjections } from "../read-models/analytics/rebuild-projections.ts";
import { readAnalyticsSummary } from "../read-models/analytics/summary.query.ts";
import { generateEvents, toEventRow } from "../adapters/seed/analytics-events.ts";
import { createProgressLine } from "../scripts/progress-line.ts";
import { createTrackingUnitOfWork } from "../adapters/repositories/tracking.unit-of-work.ts";
import { createApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { prepareDatabase } from "../src/server/prepare-database.ts";
import { freePort } from "./lib/child-server.ts";

// autocannon ships no types; only what is used here is described.
interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const root = resolve(import.meta.dirname, "..");
const CONNECTIONS = 32;
const DURATION_S = Number(process.env["BENCH_DURATION"] ?? 10);
const EVENTS = Number(process.env["BENCH_EVENTS"] ?? 1_000_000);
const VISITOR_POOL = 20_000;
const ADMIN = { email: "bench-admin@shop.test", password: "bench-admin-password" };
const rows: Array<[string, string, string]> = [];
const temporary: string[] = [];
const children: ChildProcess[] = [];

function tempDir(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), `shop-bench-${tag}-`));
  temporary.push(dir);
  return dir;
}

async function waitFor(url: string, child: ChildProcess, output: () => string): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url}:\n${output()}`);
}

function start(command: string[], env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, command, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let text = "";
  child.stdout.on("data", (d) => (text += d));
  child.stderr.on("data", (d) => (text += d));
  return { child, output: () => text.slice(-4000) };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/** The store, built if needed and prepared by `npm start`'s own script. */
async function startStore(dataDir: string, env: Record<string, string> = {}) {
  const port = await freePort("127.0.0.1");
  const base = `http://localhost:${port}`;
  const server = start(["scripts/start.mjs"], {
    PORT: String(port),
    HOST: "localhost",
    PUBLIC_URL: base,
    DEMO_DATA: "on",
    DATABASE_URL: `file:${join(dataDir, "shop.db")}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...env,
  });
  await waitFor(`${base}/api/health`, server.child, server.output);
  return { base, child: server.child };
}

/** CPU time (user + system, ms) a process has used: load-independent, unlike requests per second. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in USER_HZ (100)
}

interface Load extends AutocannonResult {
  /** Server CPU time per answered request, in microseconds. */
  cpuUsPerRequest: number;
}

async function load(url: string, server: ChildProcess, options: Record<string, unknown>): Promise<Load> {
  await autocannon({ url, connections: CONNECTIONS, duration: 2, ...options }); // warm-up
  const before = cpuMs(server.pid!);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...options });
  const used = cpuMs(server.pid!) - before;
  if (result.errors || result.timeouts) throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts`);
  const answered = result.requests.average * DURATION_S;
  return { ...result, cpuUsPerRequest: (used * 1000) / answered };
}

const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function ingestion(): Promise<void> {
  const secret = randomBytes(32).toString("base64url");
  const store = await startStore(tempDir("ingest"), { AUTH_SECRET: secret });
  const cookies = Array.from({ length: VISITOR_POOL }, () => `${VISITOR_COOKIE}=${signVisitorId(newVisitorId(), secret)}`);
  let next = 0;
  const body = JSON.stringify({ page: "/shop/blox-fruits", pageTitle: "Buy Blox Fruits items | BloxBazaar", referrer: "https://www.google.com/" });
  const pageViews = {
    method: "POST",
    headers: { "content-type": "application/json" },
    requests: [
      {
        body,
        setupRequest: (request: { headers: Record<string, string> }) => ({
          ...request,
          headers: { ...request.headers, cookie: cookies[next++ % cookies.length] },
        }),
      },
    ],
  };
  const tracked = await load(`${store.base}/api/tracking/page-view`, store.child, pageViews);
  if (tracked.non2xx) throw new Error(`page-view answered ${tracked.non2xx} non-2xx responses (rate limited?)`);
  const floor = await load(`${store.base}/api/health`, store.child, {});
  // The same POST refused by validation: what the framework, the body and zod cost without the database.
  const refused = await load(`${store.base}/api/tracking/page-view`, store.child, { ...pageViews, requests: [{ ...pageViews.requests[0], body: "{}" }] });
  await stop(store.child);

  const barePort = await freePort("127.0.0.1");
  const bare = start(["bench/analytics-bare-server.ts", String(barePort), join(tempDir("bare"), "bare.db")], {});
  await new Promise<void>((ready, fail) => {
    bare.child.stdout!.on("data", (d) => String(d).includes("ready") && ready());
    bare.child.once("exit", () => fail(new Error(`bare server exited:\n${bare.output()}`)));
  });
  const baseline = await load(`http://127.0.0.1:${barePort}/`, bare.child, { method: "POST", headers: { "content-type": "application/json" }, body });
  await stop(bare.child);

  const ratio = tracked.requests.average / baseline.requests.average;
  const cpuRatio = baseline.cpuUsPerRequest / tracked.cpuUsPerRequest;
  const measured = (r: Load) => `${fmt(r.requests.average)} req/s, p99 ${r.latency.p99} ms, server CPU ${fmt(r.cpuUsPerRequest)} us/req`;
  rows.push(
    [`store POST /api/tracking/page-view (${CONNECTIONS} conn.)`, measured(tracked), ""],
    [`bare node:http + better-sqlite3 insert (${CONNECTIONS} conn.)`, measured(baseline), ""],
    ["ratio page-view / bare, requests/s", fmt(ratio, 2), `>= 0.5 ${ratio >= 0.5 ? "met" : "NOT met"}`],
    ["ratio page-view / bare, by server CPU per request", fmt(cpuRatio, 2), `>= 0.5 ${cpuRatio >= 0.5 ? "met" : "NOT met"}`],
    [
      `store GET /api/health (floor of any route)`,
      measured(floor),
      `ratio ${fmt(floor.requests.average / baseline.requests.average, 2)} (CPU ${fmt(baseline.cpuUsPerRequest / floor.cpuUsPerRequest, 2)})`,
    ],
    [
      `store POST page-view refused by validation (no DB)`,
      measured(refused),
      `ratio ${fmt(refused.requests.average / baseline.requests.average, 2)} (CPU ${fmt(baseline.cpuUsPerRequest / refused.cpuUsPerRequest, 2)})`,
    ],
  );
}

async function writePath(): Promise<void> {
  const dir = tempDir("write");
  const app = createApp(loadConfig({ DEMO_DATA: "on", DATABASE_URL: `file:${join(dir, "shop.db")}`, DATA_DIR: dir, LOG_LEVEL: "warn" }));
  await prepareDatabase(app);
  const VIEWS = 20_000;
  let visitor = 0;
  const view = () => ({
    type: "PageViewed" as const,
    occurredAt: new Date(),
    visitorId: `bench-${++visitor}`,
    userId: null,
    payload: { page: "/shop/blox-fruits", pageTitle: "Buy Blox Fruits items | BloxBazaar", referrer: "https://www.google.com/" },
  });
  const limit = 1_000_000;
  async function measure(label: string, record: () => Promise<unknown>): Promise<void> {
    let started = 0;
    const cpu = process.cpuUsage();
    const t = performance.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (started++ < VIEWS) await record();
      }),
    );
    const seconds = (performance.now() - t) / 1000;
    const used = process.cpuUsage(cpu);
    rows.push([label, `${fmt(VIEWS / seconds)} views/s, CPU ${fmt((used.user + used.system) / VIEWS)} us/view`, ""]);
  }
  const perView = createTrackingUnitOfWork(app.db, app.eventListeners, app.clock);
  await measure(`record ${fmt(VIEWS)} page views in process, one transaction each (${CONNECTIONS} callers)`, () =>
    perView.run(async ({ events, limiter }) => {
      const v = view();
      if (await limiter.hit(`page-view:visitor:${v.visitorId}`, limit, 60_000)) await events.append(v);
    }),
  );
  await measure(`record ${fmt(VIEWS)} page views in process, group commit (${CONNECTIONS} callers)`, () => {
    const v = view();
    return app.pageViews.record(v, { key: `page-view:visitor:${v.visitorId}`, limit });
  });
  await app.pageViews.close();
  await app.db.destroy();
}

async function bigLog(): Promise<void> {
  const dir = tempDir("log");
  const config = loadConfig({
    DEMO_DATA: "on",
    DATABASE_URL: `file:${join(dir, "shop.db")}`,
    DATA_DIR: dir,
    LOG_LEVEL: "warn",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  const app = createApp(config);
  await prepareDatabase(app);

  // Straight into the table: prepared inserts, 10,000 to a transaction.
  let started = performance.now();
  const raw = new SQLite(join(dir, "shop.db"));
  const insert = raw.prepare(
    "insert into events (type, version, occurredAt, visitorId, userId, payload) values (@type, @version, @occurredAt, @visitorId, @userId, @payload)",
  );
  const insertMany = raw.transaction((batch: ReturnType<typeof toEventRow>[]) => {
    for (const row of batch) insert.run(row);
  });
  let batch: ReturnType<typeof toEventRow>[] = [];
  const now = new Date();
  const start = new Date(now.getTime() - 60 * 24 * 60 * 60 * 1000);
  for (const event of generateEvents({ count: EVENTS, seed: 2026, start, days: 60, visitors: EVENTS / 20 })) {
    batch.push(toEventRow(event));
    if (batch.length === 10_000) {
      insertMany(batch);
      batch = [];
    }
  }
  insertMany(batch);
  raw.close();
  const insertSeconds = (performance.now() - started) / 1000;
  rows.push([`generate + insert ${fmt(EVENTS)} events`, `${fmt(insertSeconds, 1)} s`, ""]);

  const progress = createProgressLine("rebuild");
  const cpu = process.cpuUsage();
  started = performance.now();
  const rebuilt = await rebuildProjections(app.db, analyticsProjections({ timeZone: config.timeZone }), { onProgress: progress.update });
  const seconds = (performance.now() - started) / 1000;
  const cpuUsed = process.cpuUsage(cpu);
  progress.finish();
  rows.push([
    `projections rebuild, ${fmt(rebuilt.events)} events`,
    `${fmt(seconds, 1)} s, ${fmt(rebuilt.events / seconds)} events/s (CPU ${fmt((cpuUsed.user + cpuUsed.system) / 1e6, 1)} s)`,
    `< 60 s ${seconds < 60 ? "met" : "NOT met"}`,
  ]);

  // The read model alone, in process.
  const inProcess: number[] = [];
  for (let i = 0; i < 220; i++) {
    const t = performance.now();
    await readAnalyticsSummary(app.db, { now: new Date(), timeZone: config.timeZone });
    if (i >= 20) inProcess.push(performance.now() - t);
  }
  inProcess.sort((a, b) => a - b);
  rows.push(["summary read model in process", `p50 ${fmt(percentile(inProcess, 50), 2)} ms, p99 ${fmt(percentile(inProcess, 99), 2)} ms`, ""]);
  await app.db.destroy();

  // Over HTTP, as the admin panel asks.
  const store = await startStore(dir, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const login = await fetch(`${store.base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) });
  if (!login.ok) throw new Error(`admin login failed: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  for (const path of [
    "/api/admin/analytics",
    "/api/analytics/live-visitors",
    "/api/analytics/top-pages",
    "/api/analytics/page-visits",
    "/api/analytics/new-customers",
  ]) {
    const times: number[] = [];
    let body: unknown;
    for (let i = 0; i < 220; i++) {
      const t = performance.now();
      const response = await fetch(`${store.base}${path}`, { headers: { cookie } });
      body = await response.json();
      if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
      if (i >= 20) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const p99 = percentile(times, 99);
    const isSummary = path === "/api/admin/analytics";
    const note = isSummary ? `< 20 ms ${p99 < 20 ? "met" : "NOT met"} (totalPageVisits ${fmt((body as { totalPageVisits: number }).totalPageVisits)})` : "";
    rows.push([`GET ${path}, ${fmt(EVENTS)} events`, `p50 ${fmt(percentile(times, 50), 1)} ms, p99 ${fmt(p99, 1)} ms`, note]);
  }
  await stop(store.child);
}

function print(): void {
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length), ["measurement", "result", "target"][i]!.length));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(
    `\nbench:analytics  node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  console.log(line(["measurement", "result", "target"]));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of rows) console.log(line(row));
}

try {
  await ingestion();
  await writePath();
  await bigLog();
  print();
} catch (error) {
  print();
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  for (const child of children) await stop(child);
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
}
