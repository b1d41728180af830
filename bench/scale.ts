// `npm run bench:scale` (issue 33): the store at a successful shop's size. Builds the grown shop
// (bench/scale/: 20,000 products, 2,000 in Blox Fruits; 100,000 accounts; 500,000 orders with items,
// payment history and timelines, 2,000 of them one loyal shopper's; 1,000,000 tracked events; the
// projections rebuilt) on SQLite and on PostgreSQL, starts the real built store on it (as npm start
// runs it) and times the calls of the issue's table one request at a time, with their sizes; then
// the late-order check's duration, the longest a request waited while that check ran, and the
// store's resident memory. Prints one table per engine with the issue's targets and PASS/FAIL;
// writes bench/results/scale-latest.json. Targets are reported, not enforced (exit 0 unless a call
// failed). See docs/benchmarks.md.
//
//   SCALE=1              size (0.01 for a quick run: same proportions)
//   SCALE_ENGINES=sqlite,postgres
//   SCALE_REPEATS=30     timed requests per call (after 3 untimed)
//   SCALE_HOLD_SECONDS=10  how long the background-hold probe runs
//   SCALE_CACHE=dir|off  where built databases are kept between runs (default node_modules/.cache/bench-scale;
//                        on PostgreSQL a template database shop_scale_<key> on the same server)
//   BENCH_POSTGRES_URL   else TEST_POSTGRES_URL, else postgres://postgres@127.0.0.1:5432/test
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import pg from "pg";
import { sql } from "kysely";
import { isPostgresUrl, openDatabase } from "../adapters/db/database.ts";
import { openApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { stopAll, type ChildServer } from "./lib/child-server.ts";
import { startStoreServer } from "./lib/store-server.ts";
import { residentMb } from "./lib/process-cpu.ts";
import { readShopBase, writeShop } from "./scale/build.ts";
import { DATA_VERSION, shopperEmail, shopperRobloxName } from "./scale/generate.ts";
import { scaleSizes, type ScaleSizes } from "./scale/sizes.ts";
import { formatBytes, median, percentile } from "./scale/stats.ts";

const root = resolve(import.meta.dirname, "..");
const FIRST_PORT = 4461;
const SEED = 33;
const ADMIN = { email: "admin@bench.example", password: "bench administrator password 33" };
const LOYAL = { email: "loyal@bench.example", password: "bench loyal shopper password 33" };
// The issue's targets.
const P95_TARGET_MS = 50;
const BYTES_TARGET = 256 * 1024;
const HOLD_TARGET_MS = 50;
const RESIDENT_TARGET_MB = 250;

type Who = "admin" | "loyal" | "guest";
interface Call {
  name: string;
  path: string;
  who: Who;
}
interface Timed {
  name: string;
  path: string;
  status: number;
  medianMs: number;
  p95Ms: number;
  bytes: number;
  pass: boolean;
}
interface EngineResult {
  engine: string;
  skipped?: string;
  loadAverage?: number;
  buildSeconds?: number | null;
  rows?: Record<string, number>;
  calls?: Timed[];
  lateCheckMs?: { runs: { ms: number; settled: number }[]; idleMedian: number | null };
  hold?: { probes: number; maxMs: number; p99Ms: number; medianMs: number; pass: boolean };
  residentMb?: { cacheOff: number | null; cacheOn: number | null; pass: boolean };
}

function numberEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name}=${JSON.stringify(raw)} is invalid: must be a number > 0`);
  return value;
}

let nextPort = FIRST_PORT;
async function startStore(name: string, databaseUrl: string, dataDir: string, env: Record<string, string>): Promise<ChildServer> {
  return startStoreServer({
    name,
    root,
    databaseUrl,
    dataDir,
    preferredPort: nextPort <= 4469 ? nextPort++ : 0,
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SLA_CHECK_SECONDS: "0", ...env },
    timeoutMs: 15 * 60_000, // a first run builds the site; PostgreSQL may be busy vacuuming
  });
}

async function post(baseUrl: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

/** The session cookie of a sign-in (the shopper's or the administrator's login route). */
async function signIn(baseUrl: string, path: string, account: { email: string; password: string }): Promise<string> {
  const response = await post(baseUrl, path, account);
  if (!response.ok) throw new Error(`POST ${path} as ${account.email} answered ${response.status}: ${await response.text()}`);
  const cookies = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((cookie) => cookie.includes("session"));
  if (cookies.length === 0) throw new Error(`${path} set no session cookie`);
  return cookies.join("; ");
}

/** Hash of everything that decides the built database: a change to any of it builds anew. */
function cacheKey(scale: number): string {
  const hash = createHash("sha256").update(`scale=${scale};seed=${SEED}\n`);
  const migrations = join(root, "adapters/db/migrations");
  for (const file of readdirSync(migrations).sort()) hash.update(file).update(readFileSync(join(migrations, file)));
  hash.update(`data=${DATA_VERSION}\n`).update(readFileSync(join(root, "adapters/seed/catalogue.ts")));
  return hash.digest("hex").slice(0, 12);
}

/** Builds the grown shop on an empty database `databaseUrl`: the store migrates and seeds it, we add the rest. */
async function buildShop(databaseUrl: string, dataDir: string, sizes: ScaleSizes): Promise<Record<string, number>> {
  const started = performance.now();
  const store = await startStore("store, new", databaseUrl, dataDir, {});
  try {
    const registered = await post(store.baseUrl, "/api/auth/register", { ...LOYAL, acceptTerms: true, firstName: "Loyal" });
    if (!registered.ok) throw new Error(`registering the loyal shopper answered ${registered.status}: ${await registered.text()}`);
  } finally {
    await store.stop();
  }
  const db = openDatabase(databaseUrl);
  try {
    const base = await readShopBase(db, {
      now: new Date(),
      adminEmail: ADMIN.email,
      loyalEmail: LOYAL.email,
      seed: SEED,
      compensationPoints: 500,
      slaMinutes: 20,
    });
    const counts = await writeShop(db, sizes, base, (line) => console.error(line));
    console.error(`bench:scale: wrote ${[...counts].map(([t, n]) => `${t} ${n.toLocaleString("en-US")}`).join(", ")}`);
  } finally {
    await db.destroy();
  }
  // The read models as the store keeps them: replayed from the whole event log by the store's own command.
  const rebuilt = spawnSync(process.execPath, [join(root, "scripts/cli.ts"), "projections", "rebuild"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (rebuilt.status !== 0) throw new Error("projections rebuild failed (see above)");
  if (isPostgresUrl(databaseUrl)) {
    // The statistics autovacuum would have gathered on a shop that grew over a year, read models
    // included (SQLite's are left to the store: gathering them is its job, issue 33). Not before the
    // rebuild: statistics of the then empty read models made PostgreSQL look up the entities
    // folded so far by their kind alone, and the rebuild took time in the square of the orders.
    const db = openDatabase(databaseUrl);
    await sql`vacuum analyze`.execute(db);
    await db.destroy();
  }
  console.error(`bench:scale: built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return rowCounts(databaseUrl);
}

const COUNTED = ["products", "user", "orders", "order_items", "payment_history", "order_timeline", "points_ledger", "events", "rm_page_visits"] as const;
async function rowCounts(databaseUrl: string): Promise<Record<string, number>> {
  const db = openDatabase(databaseUrl);
  try {
    const counts: Record<string, number> = {};
    for (const table of COUNTED) {
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
      counts[table] = Number(rows[0]!.n);
    }
    return counts;
  } finally {
    await db.destroy();
  }
}

/** The SQLite database for this run: a copy of the cached build, or a new build (then cached). */
async function sqliteDatabase(dir: string, sizes: ScaleSizes): Promise<{ url: string; built: boolean }> {
  const file = join(dir, "shop.db");
  const cacheSetting = process.env["SCALE_CACHE"] ?? join(root, "node_modules/.cache/bench-scale");
  const cached = cacheSetting === "off" ? null : join(resolve(cacheSetting), `shop-${sizes.scale}-${cacheKey(sizes.scale)}.db`);
  if (cached && existsSync(cached)) {
    console.error(`bench:scale: sqlite: using the cached build ${relative(process.cwd(), cached)}`);
    copyFileSync(cached, file);
    return { url: `file:${file}`, built: false };
  }
  await buildShop(`file:${file}`, dir, sizes);
  if (cached) {
    // One file: the write-ahead log folded in (every connection is closed by now).
    const db = openDatabase(`file:${file}`);
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    await db.destroy();
    mkdirSync(join(cached, ".."), { recursive: true });
    copyFileSync(file, `${cached}.part`);
    renameSync(`${cached}.part`, cached);
  }
  return { url: `file:${file}`, built: true };
}

const postgresServer = () => process.env["BENCH_POSTGRES_URL"] || process.env["TEST_POSTGRES_URL"] || "postgres://postgres@127.0.0.1:5432/test";
async function pgAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresServer(), connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
const dbUrl = (name: string) => {
  const url = new URL(postgresServer());
  url.pathname = `/${name}`;
  return url.toString();
};

/** A fresh PostgreSQL database for this run: a copy of the cached template, or a new build (then kept as the template). */
async function postgresDatabase(dir: string, sizes: ScaleSizes): Promise<{ url: string; name: string; built: boolean }> {
  const name = `shop_scale_run_${process.pid}`;
  const template = process.env["SCALE_CACHE"] === "off" ? null : `shop_scale_${String(sizes.scale).replace(".", "_")}_${cacheKey(sizes.scale)}`;
  const exists = template ? await pgAdmin(async (c) => (await c.query("select 1 from pg_database where datname = $1", [template])).rowCount === 1) : false;
  if (template && exists) {
    console.error(`bench:scale: postgres: copying the cached template database ${template}`);
    await pgAdmin((c) => c.query(`create database ${name} template ${template}`));
    return { url: dbUrl(name), name, built: false };
  }
  await pgAdmin((c) => c.query(`create database ${name}`));
  try {
    await buildShop(dbUrl(name), dir, sizes);
  } catch (error) {
    await pgAdmin((c) => c.query(`drop database if exists ${name} with (force)`));
    throw error;
  }
  if (template) await pgAdmin((c) => c.query(`create database ${template} template ${name}`));
  return { url: dbUrl(name), name, built: true };
}

/** One request, timed to the last byte of the answer (uncompressed, as the bytes target counts it). */
async function timeOnce(url: string, cookie: string | null): Promise<{ ms: number; bytes: number; status: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { "accept-encoding": "identity", ...(cookie ? { cookie } : {}) }, redirect: "manual" });
  const body = await response.arrayBuffer();
  return { ms: performance.now() - started, bytes: body.byteLength, status: response.status };
}

async function timeCalls(baseUrl: string, calls: readonly Call[], cookies: Record<Who, string | null>, repeats: number): Promise<Timed[]> {
  const results: Timed[] = [];
  for (const call of calls) {
    const url = `${baseUrl}${call.path}`;
    const cookie = cookies[call.who];
    for (let i = 0; i < 3; i++) await timeOnce(url, cookie); // untimed: compiled statements, warm pages
    const times: number[] = [];
    let last = { ms: 0, bytes: 0, status: 0 };
    for (let i = 0; i < repeats; i++) {
      last = await timeOnce(url, cookie);
      if (last.status !== 200) throw new Error(`GET ${call.path} as ${call.who} answered ${last.status}`);
      times.push(last.ms);
    }
    const p95 = percentile(times, 95);
    results.push({
      name: call.name,
      path: call.path,
      status: last.status,
      medianMs: median(times),
      p95Ms: p95,
      bytes: last.bytes,
      pass: p95 <= P95_TARGET_MS && last.bytes <= BYTES_TARGET,
    });
    console.error(`bench:scale:   ${call.name}: median ${median(times).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ${formatBytes(last.bytes)}`);
  }
  return results;
}

/** The late-order check as every store process runs it (app.lateOrders.runOnce), timed in this process on the same database. */
async function timeLateOrderCheck(
  databaseUrl: string,
  dataDir: string,
  count: number,
): Promise<{ runs: { ms: number; settled: number }[]; idleMedian: number | null }> {
  // openApp: on PostgreSQL without AUTH_SECRET the signing secret is the one kept in the database (issue 39).
  const app = await openApp(loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: "warn", DEMO_DATA: "off" }));
  try {
    // A run settles the queued orders whose deadline has passed since the build (writes, one
    // transaction per order); the runs after it only look: both are reported.
    const runs: { ms: number; settled: number }[] = [];
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      const settled = await app.lateOrders.runOnce();
      runs.push({ ms: performance.now() - started, settled: settled.length });
    }
    const idle = runs.filter((run) => run.settled === 0).map((run) => run.ms);
    return { runs, idleMedian: idle.length ? median(idle) : null };
  } finally {
    await app.db.destroy();
  }
}

/** Probes a cheap call every 10 ms for `seconds` while the store's late-order check runs every second. */
async function probeHold(baseUrl: string, seconds: number): Promise<{ probes: number; maxMs: number; p99Ms: number; medianMs: number }> {
  const times: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const tick = performance.now();
    times.push((await timeOnce(`${baseUrl}/api/health`, null)).ms);
    const wait = 10 - (performance.now() - tick);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return { probes: times.length, maxMs: Math.max(...times), p99Ms: percentile(times, 99), medianMs: median(times) };
}

async function gameAndProduct(baseUrl: string): Promise<{ gameId: string; productId: string }> {
  const game = (await (await fetch(`${baseUrl}/api/games/blox-fruits`)).json()) as { id: string };
  const products = (await (await fetch(`${baseUrl}/api/products?gameId=${encodeURIComponent(game.id)}`)).json()) as { id: string }[];
  if (!products[0]) throw new Error("Blox Fruits has no products");
  return { gameId: game.id, productId: products[Math.floor(products.length / 2)]!.id };
}

function theCalls(sizes: ScaleSizes, ids: { gameId: string; productId: string }): Call[] {
  const someone = Math.max(1, Math.floor(sizes.users / 2));
  return [
    { name: "admin orders, q= an email", path: `/api/admin/orders?q=${encodeURIComponent(LOYAL.email)}&offset=0&limit=20`, who: "admin" },
    { name: "admin orders, first page", path: "/api/admin/orders?offset=0&limit=20", who: "admin" },
    { name: "admin pending orders", path: "/api/admin/orders?status=pending&offset=0&limit=20", who: "admin" },
    { name: "admin orders, q= a Roblox name", path: `/api/admin/orders?q=${encodeURIComponent(shopperRobloxName(someone))}&offset=0&limit=20`, who: "admin" },
    { name: "shopper /dashboard", path: "/dashboard", who: "loyal" },
    { name: "shopper /api/orders", path: "/api/orders", who: "loyal" },
    { name: "admin delivery queue", path: "/api/admin/delivery-queue", who: "admin" },
    { name: "admin analytics", path: "/api/admin/analytics", who: "admin" },
    { name: "admin users, q=", path: `/api/admin/users?q=${encodeURIComponent(shopperEmail(someone).slice(0, 10))}&offset=0&limit=25`, who: "admin" },
    { name: "/shop/blox-fruits, not cached", path: "/shop/blox-fruits", who: "guest" },
    { name: "/api/products?gameId=", path: `/api/products?gameId=${encodeURIComponent(ids.gameId)}`, who: "guest" },
    { name: "/product/{id}", path: `/product/${encodeURIComponent(ids.productId)}`, who: "guest" },
    { name: "search dragon", path: "/api/products/search?q=dragon", who: "guest" },
  ];
}

async function runEngine(engine: "sqlite" | "postgres", sizes: ScaleSizes, repeats: number, holdSeconds: number): Promise<EngineResult> {
  const dir = mkdtempSync(join(tmpdir(), "shop-bench-scale-"));
  let dropPostgres: (() => Promise<void>) | null = null;
  try {
    const buildStarted = performance.now();
    let databaseUrl: string;
    let built: boolean;
    if (engine === "sqlite") {
      ({ url: databaseUrl, built } = await sqliteDatabase(dir, sizes));
    } else {
      try {
        await pgAdmin(async (c) => c.query("select 1"));
      } catch (error) {
        return { engine, skipped: `no PostgreSQL at ${new URL(postgresServer()).host} (${error instanceof Error ? error.message : String(error)})` };
      }
      const made = await postgresDatabase(dir, sizes);
      databaseUrl = made.url;
      built = made.built;
      dropPostgres = () => pgAdmin(async (c) => void (await c.query(`drop database if exists ${made.name} with (force)`)));
    }
    const buildSeconds = built ? (performance.now() - buildStarted) / 1000 : null;
    const rows = await rowCounts(databaseUrl);

    // 1. Every call one at a time, rendered on every request (CATALOGUE_CACHE=off), no background job.
    const loadAverage = loadavg()[0]!;
    const uncached = await startStore(`store ${engine}, cache off`, databaseUrl, dir, { CATALOGUE_CACHE: "off" });
    const cookies: Record<Who, string | null> = {
      admin: await signIn(uncached.baseUrl, "/api/auth/login", ADMIN),
      loyal: await signIn(uncached.baseUrl, "/api/auth/login-user", LOYAL),
      guest: null,
    };
    const calls = theCalls(sizes, await gameAndProduct(uncached.baseUrl));
    console.error(`bench:scale: ${engine}: timing ${calls.length} calls, ${repeats} requests each`);
    const timed = await timeCalls(uncached.baseUrl, calls, cookies, repeats);
    const residentCacheOff = residentMb(uncached.pid);
    await uncached.stop();

    // 2. The late-order check's own duration.
    const lateCheckMs = await timeLateOrderCheck(databaseUrl, dir, 5);

    // 3. The store as npm start runs it (cache on) with the check every second: one pass of the calls,
    //    then a cheap call probed every 10 ms; then its memory.
    const store = await startStore(`store ${engine}`, databaseUrl, dir, { SLA_CHECK_SECONDS: "1" });
    const storeCookies: Record<Who, string | null> = {
      admin: await signIn(store.baseUrl, "/api/auth/login", ADMIN),
      loyal: await signIn(store.baseUrl, "/api/auth/login-user", LOYAL),
      guest: null,
    };
    for (const call of calls) await timeOnce(`${store.baseUrl}${call.path}`, storeCookies[call.who]);
    const hold = await probeHold(store.baseUrl, holdSeconds);
    const residentCacheOn = residentMb(store.pid);
    await store.stop();
    const highest = Math.max(residentCacheOff ?? Infinity, residentCacheOn ?? Infinity);
    return {
      engine,
      loadAverage,
      buildSeconds,
      rows,
      calls: timed,
      lateCheckMs,
      hold: { ...hold, pass: hold.maxMs <= HOLD_TARGET_MS },
      residentMb: { cacheOff: residentCacheOff, cacheOn: residentCacheOn, pass: highest < RESIDENT_TARGET_MB },
    };
  } finally {
    await stopAll();
    await dropPostgres?.().catch((error: unknown) => console.error(`bench:scale: could not drop the run's database: ${String(error)}`));
    rmSync(dir, { recursive: true, force: true });
  }
}

const pad = (text: string, width: number) => text.padEnd(width);
const padLeft = (text: string, width: number) => text.padStart(width);
const ms = (value: number) => `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms`;

function report(result: EngineResult, sizes: ScaleSizes, repeats: number, holdSeconds: number): string {
  if (result.skipped) return `\n${result.engine}: SKIPPED: ${result.skipped}\n`;
  const lines: string[] = [];
  const rows = Object.entries(result.rows ?? {})
    .map(([table, n]) => `${table} ${n.toLocaleString("en-US")}`)
    .join(", ");
  lines.push(
    `\n${result.engine}, SCALE=${sizes.scale}: ${rows}`,
    `${result.buildSeconds === null ? "cached build" : `built in ${result.buildSeconds!.toFixed(0)} s`}; load average ${result.loadAverage!.toFixed(2)} before the calls; ${repeats} requests per call, one at a time, CATALOGUE_CACHE=off\n`,
  );
  lines.push(`${pad("call", 34)}${padLeft("median", 9)}${padLeft("p95", 9)}${padLeft("size", 11)}  target p95 <= ${P95_TARGET_MS} ms, <= 256 KB`);
  for (const call of result.calls ?? []) {
    lines.push(
      `${pad(call.name, 34)}${padLeft(ms(call.medianMs), 9)}${padLeft(ms(call.p95Ms), 9)}${padLeft(formatBytes(call.bytes), 11)}  ${call.pass ? "PASS" : "FAIL"}`,
    );
  }
  const late = result.lateCheckMs!;
  lines.push(
    `late-order check (app.lateOrders.runOnce, ${late.runs.length} runs): ${late.runs.map((run) => `${ms(run.ms)}${run.settled ? ` (settled ${run.settled})` : ""}`).join(", ")}; ` +
      `median with nothing to settle ${late.idleMedian === null ? "-" : ms(late.idleMedian)}`,
  );
  const hold = result.hold!;
  lines.push(
    `longest wait on background work (GET /api/health every 10 ms for ${holdSeconds} s, late-order check every 1 s): max ${ms(hold.maxMs)}, p99 ${ms(hold.p99Ms)}, median ${ms(hold.medianMs)} over ${hold.probes} probes  target <= ${HOLD_TARGET_MS} ms  ${hold.pass ? "PASS" : "FAIL"}`,
  );
  const rss = result.residentMb!;
  lines.push(
    `store resident memory: ${rss.cacheOff ?? "?"} MB after the timed calls (cache off), ${rss.cacheOn ?? "?"} MB after a pass and the probe (cache on)  target < ${RESIDENT_TARGET_MB} MB  ${rss.pass ? "PASS" : "FAIL"}`,
  );
  return lines.join("\n");
}

async function main(): Promise<number> {
  const sizes = scaleSizes(numberEnv("SCALE", 1));
  const repeats = Math.round(numberEnv("SCALE_REPEATS", 30));
  const holdSeconds = numberEnv("SCALE_HOLD_SECONDS", 10);
  const engines = (process.env["SCALE_ENGINES"] ?? "sqlite,postgres").split(",").map((e) => e.trim());
  for (const engine of engines) if (engine !== "sqlite" && engine !== "postgres") throw new Error(`SCALE_ENGINES: unknown engine ${engine}`);
  const loadBefore = loadavg()[0]!;
  const results: EngineResult[] = [];
  for (const engine of engines as ("sqlite" | "postgres")[]) {
    console.error(`bench:scale: ${engine}, SCALE=${sizes.scale}`);
    results.push(await runEngine(engine, sizes, repeats, holdSeconds));
  }
  console.log(
    `\nbench:scale: node ${process.version}, ${cpus().length} CPUs, load average ${loadBefore.toFixed(2)} at the start, ${loadavg()[0]!.toFixed(2)} at the end; ` +
      `sizes ${JSON.stringify({ products: sizes.products, bloxFruits: sizes.bloxFruitsProducts, users: sizes.users, orders: sizes.orders, loyal: sizes.loyalOrders, tracked: sizes.trackedEvents })}`,
  );
  for (const result of results) console.log(report(result, sizes, repeats, holdSeconds));
  const resultsDir = join(root, "bench/results");
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, "scale-latest.json");
  writeFileSync(
    file,
    `${JSON.stringify({ finishedAt: new Date().toISOString(), node: process.version, cpus: cpus().length, loadBefore, sizes, results }, null, 2)}\n`,
  );
  console.log(`\nresults: ${relative(process.cwd(), file)}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    console.error(`bench:scale: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    await stopAll();
    process.exit(1);
  },
);
