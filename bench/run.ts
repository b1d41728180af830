// `npm run bench`: starts the real store (scripts/start.ts: build if needed, migrate, seed), the same
// store with CATALOGUE_CACHE=off (for the record: what rendering every answer costs) and a bare
// node:http + better-sqlite3 baseline on one temporary database, load-tests each scenario with
// autocannon, prints a table and the targets, and writes bench/results/latest.json.
// Exits 1 when any request failed (non-2xx, connection error or timeout). Targets are reported,
// not enforced: throughput depends on the machine. See docs/benchmarks.md.
//
//   BENCH_DURATION=10   seconds measured per scenario
//   BENCH_WARMUP=2      seconds of load before each measurement
//
// `npm run bench -- --postgres` (or BENCH_POSTGRES=1) runs bench/postgres.ts instead: catalogue and
// checkout throughput on SQLite, on PostgreSQL with one and with two app processes, in one table.
import { isDeepStrictEqual } from "node:util";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { freePort, startChildServer, stopAll } from "./lib/child-server.ts";
import { runPostgresBench } from "./postgres.ts";
import { runScenario } from "./lib/load.ts";
import { formatTable, latencyCheck, ratioCheck, type Check } from "./lib/report.ts";
import type { Scenario } from "./lib/scenario.ts";
import { cpuRatio, failures, throughputRatio, type Summary } from "./lib/summary.ts";

const root = resolve(import.meta.dirname, "..");
const HOST = "127.0.0.1";
const CONNECTIONS = 32;
const GAME_SLUG = "blox-fruits";
const API_RATIO_TARGET = 0.5;
const PAGE_P99_TARGET_MS = 50;

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

async function main(): Promise<number> {
  const durationSec = seconds("BENCH_DURATION", 10);
  const warmupSec = seconds("BENCH_WARMUP", 2);
  if (durationSec <= 0) throw new Error("BENCH_DURATION must be more than 0");
  const dir = mkdtempSync(join(tmpdir(), "shop-bench-"));
  const dbPath = join(dir, "shop.db");
  // Also on Ctrl-C, which exits from the signal handler without reaching `finally`.
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  process.once("exit", removeDir);
  try {
    // The store as npm start runs it, on a temporary database.
    const startStore = async (name: string, preferredPort: number, env: Record<string, string>, timeoutMs: number) => {
      const port = await freePort(HOST, preferredPort);
      return startChildServer({
        name,
        args: [join(root, "scripts/start.ts")],
        cwd: root,
        env: { DEMO_DATA: "on", DATABASE_URL: `file:${dbPath}`, DATA_DIR: dir, LOG_LEVEL: "warn", HOST, PORT: String(port), PUBLIC_URL: `http://${HOST}:${port}`, ASTRO_TELEMETRY_DISABLED: "1", ...env },
        baseUrl: `http://${HOST}:${port}`,
        healthPath: "/api/health",
        timeoutMs,
      });
    };
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

    const game = await getJson(`${store.baseUrl}/api/games/${GAME_SLUG}`);
    const gameId = encodeURIComponent(String(game.id));
    const apiProducts = await getJson(`${store.baseUrl}/api/products?gameId=${gameId}`);
    const bareProducts = await getJson(`${bare.baseUrl}/products?gameId=${gameId}`);
    if (!Array.isArray(apiProducts) || apiProducts.length === 0 || !isDeepStrictEqual(apiProducts, bareProducts)) {
      throw new Error("the bare server does not answer the same products as GET /api/products: the comparison would be unfair");
    }

    const scenarios: Scenario[] = [
      { name: "products API", url: `${store.baseUrl}/api/products?gameId=${gameId}`, method: "GET", connections: CONNECTIONS, serverPid: store.pid },
      { name: "bare server", url: `${bare.baseUrl}/products?gameId=${gameId}`, method: "GET", connections: CONNECTIONS, serverPid: bare.pid },
      { name: "home page", url: `${store.baseUrl}/`, method: "GET", connections: CONNECTIONS, serverPid: store.pid },
      { name: "game page", url: `${store.baseUrl}/shop/${GAME_SLUG}`, method: "GET", connections: CONNECTIONS, serverPid: store.pid },
      // For the record, not for the targets: the same answers rendered on every request.
      { name: "products API, cache off", url: `${uncached.baseUrl}/api/products?gameId=${gameId}`, method: "GET", connections: CONNECTIONS, serverPid: uncached.pid },
      { name: "game page, cache off", url: `${uncached.baseUrl}/shop/${GAME_SLUG}`, method: "GET", connections: CONNECTIONS, serverPid: uncached.pid },
    ];

    // Other processes on the machine lower req/s; the load average before we add ours says how busy it was.
    const loadBefore = loadavg()[0]!;
    const measured: Summary[] = [];
    const warmups: Summary[] = [];
    for (const scenario of scenarios) {
      console.error(`bench: ${scenario.name}: ${scenario.method} ${scenario.url} (${warmupSec} s warm-up, ${durationSec} s measured)`);
      const { warmup, measured: summary } = await runScenario(scenario, { durationSec, warmupSec });
      if (warmup) warmups.push(warmup);
      measured.push(summary);
    }
    await stopAll();

    const byName = (name: string) => measured.find((s) => s.name === name)!;
    const checks: Check[] = [
      ratioCheck("products API / bare server throughput", throughputRatio(byName("products API"), byName("bare server")), API_RATIO_TARGET),
      latencyCheck(`pages p99 < ${PAGE_P99_TARGET_MS} ms at ${CONNECTIONS} connections`, [byName("home page"), byName("game page")], PAGE_P99_TARGET_MS),
    ];
    const failed = [...warmups, ...measured].filter((s) => failures(s) > 0);

    console.log(
      `\nbench: ${durationSec} s per target after ${warmupSec} s warm-up, ${CONNECTIONS} connections, node ${process.version}, ` +
        `${cpus().length} CPUs, load average ${loadBefore.toFixed(2)} before the run\n`,
    );
    console.log(formatTable(measured));
    console.log("");
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
      scenarios: measured,
      checks,
      apiCpuPerRequestVsBare: cpu,
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
(postgresMode ? runPostgresBench() : main()).then(
  (code) => process.exit(code),
  async (error: unknown) => {
    console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
    await stopAll();
    process.exit(1);
  },
);
