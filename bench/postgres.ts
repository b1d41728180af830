// `npm run bench -- --postgres` (or BENCH_POSTGRES=1 npm run bench): the store on SQLite with one
// app process, on PostgreSQL with one, and on PostgreSQL with two (same database, as behind nginx),
// each measured for catalogue throughput (GET /api/products?gameId=, autocannon, BENCH_DURATION s)
// and checkout throughput (bench/lib/checkout-load.ts: prepare + create + capture at products with
// a small stock, with an oversell check). Prints one table. PostgreSQL: BENCH_POSTGRES_URL, else
// TEST_POSTGRES_URL, else postgres://postgres@127.0.0.1:5432/test; a fresh database is created per
// target and dropped afterwards. Only 127.0.0.1 (and that server) is ever contacted.
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { openDatabase } from "../adapters/db/database.ts";
import { runCheckoutLoad, type CheckoutLoadResult } from "./lib/checkout-load.ts";
import { freePort, startChildServer, stopAll, type ChildServer } from "./lib/child-server.ts";
import { SHOPPERS_FROM_ONE_ADDRESS } from "./lib/store-server.ts";
import { freshPostgresDatabase } from "./lib/fresh-postgres.ts";
import { runScenario } from "./lib/load.ts";
import type { Summary } from "./lib/summary.ts";

const root = resolve(import.meta.dirname, "..");
const HOST = "127.0.0.1";
const CONNECTIONS = 32;
const GAME_SLUG = "blox-fruits";
const number = (name: string, fallback: number) => {
  const raw = process.env[name];
  const value = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name}=${JSON.stringify(raw)} is invalid: must be a number >= 0`);
  return value;
};

interface Target {
  label: string;
  database: "sqlite" | "postgres";
  processes: number;
}

interface Row {
  target: Target;
  catalogue: Summary;
  checkout: CheckoutLoadResult;
}

/** Both servers' loads at once, half the connections each; one summary of the sum. */
async function catalogue(servers: ChildServer[], path: string, durationSec: number, warmupSec: number): Promise<Summary> {
  const per = Math.max(1, Math.floor(CONNECTIONS / servers.length));
  const runs = await Promise.all(
    servers.map((server) =>
      runScenario({ name: server.name, url: `${server.baseUrl}${path}`, method: "GET", connections: per, serverPid: server.pid }, { durationSec, warmupSec }),
    ),
  );
  const measured = runs.map((r) => r.measured);
  const failed = runs.flatMap((r) => (r.warmup ? [r.warmup] : [])).reduce((sum, w) => sum + w.non2xx + w.errors, 0);
  const sum = (pick: (s: Summary) => number) => measured.reduce((total, s) => total + pick(s), 0);
  const cpu = measured.every((s) => s.serverCpuUsPerRequest !== null)
    ? Math.round(
        sum((s) => s.serverCpuUsPerRequest! * s.requests) /
          Math.max(
            1,
            sum((s) => s.requests),
          ),
      )
    : null;
  return {
    ...measured[0]!,
    name: "catalogue",
    connections: per * servers.length,
    requests: sum((s) => s.requests),
    requestsPerSec: Math.round(sum((s) => s.requestsPerSec) * 10) / 10,
    // With two servers, the slower one's percentiles (an upper bound of the merged ones).
    latencyP50Ms: Math.max(...measured.map((s) => s.latencyP50Ms)),
    latencyP99Ms: Math.max(...measured.map((s) => s.latencyP99Ms)),
    non2xx: sum((s) => s.non2xx) + failed,
    errors: sum((s) => s.errors),
    serverCpuUsPerRequest: cpu,
  };
}

async function measure(target: Target, databaseUrl: string, dataDir: string, durationSec: number, warmupSec: number): Promise<Row> {
  const servers: ChildServer[] = [];
  const publicPort = await freePort(HOST, 4510);
  for (let i = 0; i < target.processes; i++) {
    // One at a time: the first builds (if needed), migrates and seeds; the next finds it done.
    const port = i === 0 ? publicPort : await freePort(HOST, 4511 + i);
    servers.push(
      await startChildServer({
        name: `${target.database}-${i + 1}`,
        args: [join(root, "scripts/start.mjs")],
        cwd: root,
        env: {
          DEMO_DATA: "on",
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          LOG_LEVEL: "warn",
          HOST,
          PORT: String(port),
          PUBLIC_URL: `http://${HOST}:${publicPort}`,
          ...SHOPPERS_FROM_ONE_ADDRESS,
          ASTRO_TELEMETRY_DISABLED: "1",
        },
        baseUrl: `http://${HOST}:${port}`,
        healthPath: "/api/health",
        timeoutMs: 10 * 60_000,
      }),
    );
  }
  const db = openDatabase(databaseUrl);
  try {
    const game = await (await fetch(`${servers[0]!.baseUrl}/api/games/${GAME_SLUG}`)).json();
    console.error(`bench: ${target.label}: catalogue (${warmupSec} s warm-up, ${durationSec} s measured)`);
    const cat = await catalogue(servers, `/api/products?gameId=${encodeURIComponent(String(game.id))}`, durationSec, warmupSec);
    console.error(`bench: ${target.label}: checkout`);
    const checkout = await runCheckoutLoad({
      servers: servers.map((s) => s.baseUrl),
      db,
      users: number("BENCH_USERS", 120),
      concurrency: number("BENCH_CONCURRENCY", 32),
      products: number("BENCH_PRODUCTS", 10),
      stockEach: number("BENCH_STOCK", 10),
    });
    return { target, catalogue: cat, checkout };
  } finally {
    await db.destroy();
    await stopAll();
  }
}

function table(rows: Row[]): string {
  const head = [
    "target",
    "procs",
    "catalogue req/s",
    "p50 ms",
    "p99 ms",
    "cpu us/req",
    "checkout orders/s",
    "checkout p50 ms",
    "p99 ms",
    "orders",
    "oversell check",
  ];
  const cells = rows.map(({ target, catalogue: c, checkout: k }) => [
    target.label,
    String(target.processes),
    c.requestsPerSec.toFixed(1),
    c.latencyP50Ms.toFixed(1),
    c.latencyP99Ms.toFixed(1),
    c.serverCpuUsPerRequest === null ? "-" : String(c.serverCpuUsPerRequest),
    k.ordersPerSec.toFixed(1),
    k.checkoutP50Ms.toFixed(1),
    k.checkoutP99Ms.toFixed(1),
    String(k.orders),
    k.oversellCheckOk ? "OK" : "FAIL",
  ]);
  const all = [head, ...cells];
  const widths = head.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  return [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...cells.map(line)].join("\n");
}

export async function runPostgresBench(): Promise<number> {
  const durationSec = number("BENCH_DURATION", 10);
  const warmupSec = number("BENCH_WARMUP", 2);
  if (durationSec <= 0) throw new Error("BENCH_DURATION must be more than 0");
  const serverUrl = process.env["BENCH_POSTGRES_URL"] || process.env["TEST_POSTGRES_URL"] || "postgres://postgres@127.0.0.1:5432/test";
  const probe = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    await probe.connect();
    await probe.query("select 1");
  } catch (error) {
    throw new Error(
      `bench --postgres: no PostgreSQL at ${serverUrl.replace(/\/\/[^@]*@/, "//")} (${error instanceof Error ? error.message : error}); set BENCH_POSTGRES_URL`,
      { cause: error },
    );
  } finally {
    await probe.end().catch(() => undefined);
  }

  const targets: Target[] = [
    { label: "SQLite, 1 process", database: "sqlite", processes: 1 },
    { label: "PostgreSQL, 1 process", database: "postgres", processes: 1 },
    { label: "PostgreSQL, 2 processes", database: "postgres", processes: 2 },
  ];
  const loadBefore = loadavg()[0]!;
  const rows: Row[] = [];
  for (const target of targets) {
    const dir = mkdtempSync(join(tmpdir(), "shop-bench-pg-"));
    const database = target.database === "postgres" ? await freshPostgresDatabase(serverUrl, "shop_bench") : null;
    try {
      rows.push(await measure(target, database ? database.url : `file:${join(dir, "shop.db")}`, dir, durationSec, warmupSec));
    } finally {
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  const users = number("BENCH_USERS", 120);
  const units = number("BENCH_PRODUCTS", 10) * number("BENCH_STOCK", 10);
  console.log(
    `\nbench --postgres: catalogue = GET /api/products?gameId= for ${durationSec} s after ${warmupSec} s warm-up, ${CONNECTIONS} connections in all; ` +
      `checkout = ${users} shoppers, ${number("BENCH_CONCURRENCY", 32)} at a time, prepare + create + capture for ${units} units; ` +
      `node ${process.version}, ${cpus().length} CPUs, load average ${loadBefore.toFixed(2)} before the run\n`,
  );
  console.log(table(rows));
  for (const { target, checkout } of rows) {
    console.log(
      `${target.label}: checkout outcomes ${Object.entries(checkout.outcomes)
        .map(([k, v]) => `${k}: ${v}`)
        .join(", ")}`,
    );
  }
  const failed = rows.filter((r) => !r.checkout.oversellCheckOk || r.catalogue.non2xx + r.catalogue.errors > 0);
  for (const r of failed)
    console.log(
      `FAILED: ${r.target.label}: catalogue errors ${r.catalogue.errors}, non-2xx ${r.catalogue.non2xx}; oversell check ${r.checkout.oversellCheckOk ? "OK" : "FAIL"}`,
    );
  return failed.length > 0 ? 1 : 0;
}
