// `npm run bench`: starts the real store (scripts/start.mjs with npm start's Node flags: build if
// needed, migrate, seed), the same store with CATALOGUE_CACHE=off (for the record: what rendering
// every answer costs), a bare node:http + better-sqlite3 baseline on one temporary database and a
// node:http server writing a prebuilt buffer as large as the game page (the ceiling for a page
// served from memory); load-tests each scenario with autocannon (pages as a guest and as a
// signed-in shopper, and the session and cart calls of a signed-in page view), reads the store's resident memory before and after, prints a table and the
// targets, and writes bench/results/latest.json.
// Exits 1 when any request failed (non-2xx, connection error or timeout). Targets are reported,
// not enforced: throughput depends on the machine. See docs/benchmarks.md.
//
//   BENCH_DURATION=10   seconds measured per scenario
//   BENCH_WARMUP=2      seconds of load before each measurement
//
// `npm run bench -- --postgres` (or BENCH_POSTGRES=1) runs bench/postgres.ts instead: catalogue and
// checkout throughput on SQLite, on PostgreSQL with one and with two app processes, in one table.
// `npm run bench -- --only uncached` starts only the store with CATALOGUE_CACHE=off and measures only
// the uncached game page's CPU per request (BENCH_ROUNDS=3 rounds, each printed): the quick check
// while working on rendering cost. `npm run bench -- --only personal` measures only a signed-in
// shopper's /api/auth/session and /api/cart against the ceiling (bench/personal.ts; with
// BENCH_BEFORE_ROOT, alternating with another checkout's store).
// Under the table: the live channel's rows (bench/lib/events.ts, as `npm run bench:events`: 1,000 idle
// streams' memory and CPU, a paid order's event across two PostgreSQL processes); BENCH_EVENTS=0 skips them.
import { isDeepStrictEqual } from "node:util";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { freePort, startChildServer, stopAll } from "./lib/child-server.ts";
import { runPostgresBench } from "./postgres.ts";
import { runPersonalBench } from "./personal.ts";
import { runPair, runScenario } from "./lib/load.ts";
import { formatTable, latencyCheck, ratioCheck, type Check } from "./lib/report.ts";
import type { Scenario } from "./lib/scenario.ts";
import { cpuRatio, failures, throughputRatio, type Summary } from "./lib/summary.ts";
import { residentMb } from "./lib/process-cpu.ts";
import { eventsChecks, runEventsBench, type EventsFigures } from "./lib/events.ts";
import { signedInCookie, startCeilingServer, startStoreServer, storeNodeFlags as nodeFlagsOfStart } from "./lib/store-server.ts";

const root = resolve(import.meta.dirname, "..");
const HOST = "127.0.0.1";
const CONNECTIONS = 32;
const GAME_SLUG = "blox-fruits";
const API_RATIO_TARGET = 0.5;
const PAGE_P99_TARGET_MS = 50;
// Issue 22's targets.
const SIGNED_IN_RATIO_TARGET = 0.8;
const CEILING_RATIO_TARGET = 0.1;
const RESIDENT_MB_TARGET = 250;
/** The suffix of a page's signed-in row; such a row is measured alternating with its guest row. */
const SIGNED_IN = ", signed in";
const UNCACHED_PAGE_CPU_TARGET_US = 1500;
// Issue 33: the calls every signed-in page view makes (its session and its cart), against the ceiling.
const PERSONAL_CALLS = ["session API, signed in", "cart API, signed in"];
const PERSONAL_CEILING_RATIO_TARGET = 0.25;
const PERSONAL_P99_TARGET_MS = 20;

const storeNodeFlags = () => nodeFlagsOfStart(root);

function seconds(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name}=${JSON.stringify(raw)} is invalid: must be a number of seconds >= 0`);
  return value;
}

async function getJson(url: string): Promise<any> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.json();
}

/** The store as npm start runs it, on the temporary database of `dir`. */
function startStoreIn(dir: string, name: string, preferredPort: number, env: Record<string, string>, timeoutMs: number) {
  return startStoreServer({ name, root, databaseUrl: `file:${join(dir, "shop.db")}`, dataDir: dir, preferredPort, env, timeoutMs });
}

/** A temporary directory for the database, removed on exit (also on Ctrl-C, which skips `finally`). */
function benchDir(): { dir: string; removeDir: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "shop-bench-"));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  process.once("exit", removeDir);
  return { dir, removeDir };
}

/** `--only uncached`: the uncached game page's CPU per request alone, in BENCH_ROUNDS rounds. */
async function uncachedOnly(): Promise<number> {
  const durationSec = seconds("BENCH_DURATION", 10);
  const warmupSec = seconds("BENCH_WARMUP", 2);
  const rounds = Math.max(1, Math.round(seconds("BENCH_ROUNDS", 3)));
  const { dir, removeDir } = benchDir();
  try {
    const uncached = await startStoreIn(dir, "store, cache off", 4502, { CATALOGUE_CACHE: "off" }, 10 * 60_000);
    const scenario: Scenario = {
      name: "game page, cache off",
      url: `${uncached.baseUrl}/shop/${GAME_SLUG}`,
      method: "GET",
      connections: CONNECTIONS,
      serverPid: uncached.pid,
    };
    const loadBefore = loadavg()[0]!;
    const measured: Summary[] = [];
    for (let round = 0; round < rounds; round++) {
      const { warmup, measured: summary } = await runScenario(scenario, { durationSec, warmupSec: round === 0 ? warmupSec : 0 });
      if (warmup && failures(warmup) > 0) measured.push(warmup);
      measured.push({ ...summary, name: `${scenario.name} #${round + 1}` });
    }
    await stopAll();
    console.log(
      `\nbench --only uncached: ${rounds} x ${durationSec} s after ${warmupSec} s warm-up, ${CONNECTIONS} connections, load average ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after\n`,
    );
    console.log(formatTable(measured));
    const cpu = measured.map((s) => s.serverCpuUsPerRequest).filter((us): us is number => us !== null);
    if (cpu.length)
      console.log(
        `\nuncached game page CPU = ${(Math.min(...cpu) / 1000).toFixed(2)}-${(Math.max(...cpu) / 1000).toFixed(2)} ms per request (target < ${UNCACHED_PAGE_CPU_TARGET_US / 1000} ms)`,
      );
    return measured.some((s) => failures(s) > 0) ? 1 : 0;
  } finally {
    await stopAll();
    removeDir();
  }
}

/** bench/lib/events.ts's rows; BENCH_EVENTS=0 leaves them out, and a run without PostgreSQL says so. */
async function streamRows(): Promise<{ checks: Check[]; figures: EventsFigures | null }> {
  if (process.env["BENCH_EVENTS"] === "0") return { checks: [], figures: null };
  try {
    const figures = await runEventsBench();
    return { checks: eventsChecks(figures), figures };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { checks: [{ text: `live channel: not measured (${reason}; it needs PostgreSQL, BENCH_POSTGRES_URL)`, ok: false }], figures: null };
  }
}

async function main(): Promise<number> {
  const durationSec = seconds("BENCH_DURATION", 10);
  const warmupSec = seconds("BENCH_WARMUP", 2);
  if (durationSec <= 0) throw new Error("BENCH_DURATION must be more than 0");
  const { dir, removeDir } = benchDir();
  const dbPath = join(dir, "shop.db");
  try {
    const startStore = (name: string, preferredPort: number, env: Record<string, string>, timeoutMs: number) =>
      startStoreIn(dir, name, preferredPort, env, timeoutMs);
    const store = await startStore("store", 4500, {}, 10 * 60_000); // a first run builds the site
    // The same store with CATALOGUE_CACHE=off on the same database: what rendering every answer costs.
    const uncached = await startStore("store, cache off", 4502, { CATALOGUE_CACHE: "off" }, 60_000);
    // The store has migrated and seeded the database by now; the baseline opens it read-only.
    const barePort = await freePort(HOST, 4501);
    const bare = await startChildServer({
      name: "bare",
      args: [join(root, "bench/bare-server.ts")],
      cwd: root,
      env: { BARE_DB_PATH: dbPath, HOST, PORT: String(barePort) },
      baseUrl: `http://${HOST}:${barePort}`,
      healthPath: "/health",
      timeoutMs: 30_000,
    });

    // The store's memory once it has started and served nothing yet.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const residentIdleMb = residentMb(store.pid);

    const game = await getJson(`${store.baseUrl}/api/games/${GAME_SLUG}`);
    const gameId = encodeURIComponent(String(game.id));
    const apiProducts = await getJson(`${store.baseUrl}/api/products?gameId=${gameId}`);
    const bareProducts = await getJson(`${bare.baseUrl}/products?gameId=${gameId}`);
    if (!Array.isArray(apiProducts) || apiProducts.length === 0 || !isDeepStrictEqual(apiProducts, bareProducts)) {
      throw new Error("the bare server does not answer the same products as GET /api/products: the comparison would be unfair");
    }

    const productId = encodeURIComponent(String(apiProducts[0].id));
    const post = (await getJson(`${store.baseUrl}/api/blog`).catch(() => null)) as { slug: string }[] | null;
    const blogPath = post?.[0] ? `/blog/${post[0].slug}` : "/blog";
    // The ceiling: node:http writing a prebuilt buffer as large as the game page (as sent uncompressed:
    // autocannon does not ask for gzip).
    const gamePageBytes = (await (await fetch(`${store.baseUrl}/shop/${GAME_SLUG}`)).arrayBuffer()).byteLength;
    const ceiling = await startCeilingServer(root, gamePageBytes, 4503);
    // Signed-in rows send the session cookie only (no visitor cookie, like the guest rows), so the
    // session is the one difference between a guest's row and a shopper's.
    const shopper = { cookie: await signedInCookie(store.baseUrl) };
    const page = (name: string, path: string, headers?: Record<string, string>): Scenario => ({
      name,
      url: `${store.baseUrl}${path}`,
      method: "GET",
      connections: CONNECTIONS,
      serverPid: store.pid,
      ...(headers ? { headers } : {}),
    });

    const scenarios: Scenario[] = [
      { name: "products API", url: `${store.baseUrl}/api/products?gameId=${gameId}`, method: "GET", connections: CONNECTIONS, serverPid: store.pid },
      { name: "bare server", url: `${bare.baseUrl}/products?gameId=${gameId}`, method: "GET", connections: CONNECTIONS, serverPid: bare.pid },
      { name: "ceiling (prebuilt buffer)", url: `${ceiling.baseUrl}/`, method: "GET", connections: CONNECTIONS, serverPid: ceiling.pid },
      page("home page", "/"),
      page(`home page${SIGNED_IN}`, "/", shopper),
      page("game page", `/shop/${GAME_SLUG}`),
      page(`game page${SIGNED_IN}`, `/shop/${GAME_SLUG}`, shopper),
      page("product page", `/product/${productId}`),
      page(`product page${SIGNED_IN}`, `/product/${productId}`, shopper),
      // Issue 33: what each signed-in page view asks besides its (cached) HTML.
      page("session API, signed in", "/api/auth/session", shopper),
      page("cart API, signed in", "/api/cart", shopper),
      page("faq page", "/faq"),
      page("blog post", blogPath),
      // For the record, not for the targets: the same answers rendered on every request.
      {
        name: "products API, cache off",
        url: `${uncached.baseUrl}/api/products?gameId=${gameId}`,
        method: "GET",
        connections: CONNECTIONS,
        serverPid: uncached.pid,
      },
      { name: "game page, cache off", url: `${uncached.baseUrl}/shop/${GAME_SLUG}`, method: "GET", connections: CONNECTIONS, serverPid: uncached.pid },
    ];

    // Other processes on the machine lower req/s; the load average before we add ours says how busy it was.
    const loadBefore = loadavg()[0]!;
    const measured: Summary[] = [];
    const warmups: Summary[] = [];
    for (const scenario of scenarios) {
      if (scenario.name.endsWith(SIGNED_IN) && !PERSONAL_CALLS.includes(scenario.name)) continue; // measured with its guest row
      const signedIn = scenarios.find((s) => s.name === `${scenario.name}${SIGNED_IN}`);
      console.error(
        `bench: ${scenario.name}${signedIn ? ` (and${SIGNED_IN}, alternating)` : ""}: ${scenario.method} ${scenario.url} (${warmupSec} s warm-up, ${durationSec} s measured)`,
      );
      if (signedIn) {
        // The signed-in / guest ratio compares two rows of the same page: alternate them.
        const pair = await runPair(scenario, signedIn, { durationSec, warmupSec });
        warmups.push(...pair.warmups);
        measured.push(...pair.measured);
        continue;
      }
      const { warmup, measured: summary } = await runScenario(scenario, { durationSec, warmupSec });
      if (warmup) warmups.push(warmup);
      measured.push(summary);
    }
    const residentAfterMb = residentMb(store.pid);
    await stopAll();

    const byName = (name: string) => measured.find((s) => s.name === name)!;
    const cachedPages = [
      "home page",
      "home page, signed in",
      "game page",
      "game page, signed in",
      "product page",
      "product page, signed in",
      "faq page",
      "blog post",
    ].map(byName);
    const ceilingRow = byName("ceiling (prebuilt buffer)");
    const uncachedCpu = byName("game page, cache off").serverCpuUsPerRequest;
    const checks: Check[] = [
      ratioCheck("products API / bare server throughput", throughputRatio(byName("products API"), byName("bare server")), API_RATIO_TARGET),
      latencyCheck(`pages p99 < ${PAGE_P99_TARGET_MS} ms at ${CONNECTIONS} connections`, cachedPages, PAGE_P99_TARGET_MS),
      ...["home page", "game page", "product page"].map((name) =>
        ratioCheck(`${name}: signed in / guest throughput`, throughputRatio(byName(`${name}, signed in`), byName(name)), SIGNED_IN_RATIO_TARGET),
      ),
      ...cachedPages.map((s) => ratioCheck(`${s.name} / ceiling throughput`, throughputRatio(s, ceilingRow), CEILING_RATIO_TARGET)),
      ...PERSONAL_CALLS.map(byName).flatMap((s) => [
        ratioCheck(`${s.name} / ceiling throughput`, throughputRatio(s, ceilingRow), PERSONAL_CEILING_RATIO_TARGET),
        latencyCheck(`${s.name} p99 < ${PERSONAL_P99_TARGET_MS} ms at ${CONNECTIONS} connections`, [s], PERSONAL_P99_TARGET_MS),
      ]),
      {
        text: `uncached game page CPU = ${uncachedCpu === null ? "unknown" : `${(uncachedCpu / 1000).toFixed(2)} ms`} per request (target < ${UNCACHED_PAGE_CPU_TARGET_US / 1000} ms)`,
        ok: uncachedCpu !== null && uncachedCpu < UNCACHED_PAGE_CPU_TARGET_US,
      },
      {
        text: `store resident memory: ${residentIdleMb ?? "?"} MB idle, ${residentAfterMb ?? "?"} MB after the run (target < ${RESIDENT_MB_TARGET} MB after)`,
        ok: residentAfterMb !== null && residentAfterMb < RESIDENT_MB_TARGET,
      },
    ];
    // The live channel's rows (issue 38): two more store processes on PostgreSQL, once the ones above are measured.
    const events = await streamRows();
    checks.push(...events.checks);
    const failed = [...warmups, ...measured].filter((s) => failures(s) > 0);

    console.log(
      `\nbench: ${durationSec} s per target after ${warmupSec} s warm-up, ${CONNECTIONS} connections, node ${process.version}, ` +
        `${cpus().length} CPUs, load average ${loadBefore.toFixed(2)} before the run\n`,
    );
    console.log(formatTable(measured));
    console.log(`\nstore: node ${storeNodeFlags().join(" ")}; game page ${gamePageBytes} bytes; load average ${loadavg()[0]!.toFixed(2)} after the run\n`);
    for (const check of checks) console.log(check.text);
    const cpu = cpuRatio(byName("products API"), byName("bare server"));
    if (cpu !== null) console.log(`(server CPU per request: products API = ${cpu.toFixed(1)} x bare server; steadier than req/s on a busy machine)`);
    for (const s of failed) {
      console.log(`FAILED: ${s.name}: ${s.errors} errors (${s.timeouts} timeouts), ${s.non2xx} non-2xx; status codes ${JSON.stringify(s.statusCodes)}`);
    }

    const resultsDir = join(root, "bench/results");
    mkdirSync(resultsDir, { recursive: true });
    const resultsFile = join(resultsDir, "latest.json");
    const results = {
      finishedAt: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      durationSec,
      warmupSec,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadavg()[0],
      storeNodeFlags: storeNodeFlags(),
      residentIdleMb,
      residentAfterMb,
      gamePageBytes,
      scenarios: measured,
      checks,
      apiCpuPerRequestVsBare: cpu,
      liveChannel: events.figures,
      failed: failed.map((s) => s.name),
    };
    writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\nresults: ${relative(process.cwd(), resultsFile)}`);
    return failed.length > 0 ? 1 : 0;
  } finally {
    await stopAll();
    removeDir();
  }
}

const postgresMode = process.argv.includes("--postgres") || process.env["BENCH_POSTGRES"] === "1";
const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : undefined;
if (only !== undefined && only !== "uncached" && only !== "personal")
  throw new Error(`--only ${only}: the quick modes are --only uncached and --only personal`);
const personalOnly = () => runPersonalBench(storeNodeFlags(), seconds("BENCH_DURATION", 10), seconds("BENCH_WARMUP", 2));
(postgresMode ? runPostgresBench() : only === "uncached" ? uncachedOnly() : only === "personal" ? personalOnly() : main()).then(
  (code) => process.exit(code),
  async (error: unknown) => {
    console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
    await stopAll();
    process.exit(1);
  },
);
