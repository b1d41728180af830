// The checkout path under concurrency: `npm run bench:checkout` (or `node bench/checkout.ts`).
// Starts the real server the way the browser tests do (node scripts/start.mjs on a temporary
// database, a free port, LOG_LEVEL=warn, sandbox payments), then runs the shared checkout load
// (bench/lib/checkout-load.ts: sign up, add one unit, prepare + create + capture at products with a
// small stock). Prints orders per second, latency percentiles and an oversell check (exit 1 if stock
// was oversold). Only 127.0.0.1 is ever contacted; every loop is bounded.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { openDatabase } from "../adapters/db/database.ts";
import { runCheckoutLoad } from "./lib/checkout-load.ts";
import { freePort, startChildServer, stopAll } from "./lib/child-server.ts";
import { SHOPPERS_FROM_ONE_ADDRESS } from "./lib/store-server.ts";

const USERS = Number(process.env["BENCH_USERS"] ?? 120);
const CONCURRENCY = Number(process.env["BENCH_CONCURRENCY"] ?? 32);
const PRODUCTS = Number(process.env["BENCH_PRODUCTS"] ?? 10);
const STOCK_EACH = Number(process.env["BENCH_STOCK"] ?? 10);
const root = resolve(import.meta.dirname, "..");
const dir = mkdtempSync(join(tmpdir(), "shop-bench-checkout-"));
const databaseUrl = `file:${join(dir, "shop.db")}`;

try {
  const port = await freePort("127.0.0.1");
  const baseUrl = `http://127.0.0.1:${port}`;
  await startChildServer({
    name: "store",
    args: ["scripts/start.mjs"],
    cwd: root,
    baseUrl,
    healthPath: "/api/health",
    timeoutMs: 180_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      DEMO_DATA: "on",
      DATABASE_URL: databaseUrl,
      DATA_DIR: dir,
      LOG_LEVEL: "warn",
      ...SHOPPERS_FROM_ONE_ADDRESS,
    },
  });
  const db = openDatabase(databaseUrl);
  console.log(`checkout bench: ${USERS} shoppers, ${CONCURRENCY} at a time, ${PRODUCTS} products with ${STOCK_EACH} units each`);
  const result = await runCheckoutLoad({ servers: [baseUrl], db, users: USERS, concurrency: CONCURRENCY, products: PRODUCTS, stockEach: STOCK_EACH });
  await db.destroy();
  console.log(`  ${result.orders} orders in ${result.seconds.toFixed(2)} s: ${result.ordersPerSec.toFixed(1)} orders/s`);
  console.log(`  checkout (prepare + create + capture) p50 ${result.checkoutP50Ms.toFixed(1)} ms, p99 ${result.checkoutP99Ms.toFixed(1)} ms`);
  console.log(
    `  outcomes: ${Object.entries(result.outcomes)
      .map(([k, v]) => `${k}: ${v}`)
      .join(", ")}`,
  );
  console.log(`  oversell check (units sold = units taken, stock never below 0, one order per payment): ${result.oversellCheckOk ? "OK" : "FAIL"}`);
  process.exitCode = result.oversellCheckOk ? 0 : 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await stopAll();
  rmSync(dir, { recursive: true, force: true });
}
