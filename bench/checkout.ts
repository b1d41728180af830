// The checkout path under concurrency: `npm run bench:checkout` (or `node bench/checkout.ts`).
// Starts the real server the way the browser tests do (node scripts/start.ts on a temporary
// database, a free port, LOG_LEVEL=warn, sandbox payments), signs up shoppers, gives a few products
// a small stock, then has every shopper add one unit and run prepare + create + capture at once.
// Prints orders per second, latency percentiles and an oversell check (exit 1 if stock was oversold).
// Only 127.0.0.1 is ever contacted; every loop is bounded.
import Database from "better-sqlite3";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const USERS = Number(process.env["BENCH_USERS"] ?? 120);
const CONCURRENCY = Number(process.env["BENCH_CONCURRENCY"] ?? 32);
const PRODUCTS = Number(process.env["BENCH_PRODUCTS"] ?? 10);
const STOCK_EACH = Number(process.env["BENCH_STOCK"] ?? 10);
const root = resolve(import.meta.dirname, "..");

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

/** A shopper's browser: a cookie jar over fetch. */
function browser(base: string) {
  const jar = new Map<string, string>();
  return async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { "content-type": "application/json", cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair!.indexOf("=");
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
}

const dir = mkdtempSync(join(tmpdir(), "shop-bench-checkout-"));
const dbPath = join(dir, "shop.db");
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [join(root, "scripts/start.ts")], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    DATABASE_URL: `file:${dbPath}`,
    DATA_DIR: dir,
    LOG_LEVEL: "warn",
    PAYMENT_PROVIDER: "sandbox",
    SIGN_IN_LIMIT_PER_MINUTE: "10000",
    SIGN_UP_LIMIT_PER_MINUTE: "10000",
  },
  stdio: ["ignore", "inherit", "inherit"],
});

async function stop() {
  if (server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((done) => server.once("exit", done));
  }
  rmSync(dir, { recursive: true, force: true });
}

try {
  // Up to 3 minutes for a first build; then the health check answers.
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error("the server exited before it was ready");
    if (i > 1800) throw new Error("the server did not answer /api/health within 3 minutes");
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }

  // A few products get a small stock: more shoppers than units, so they compete for the last ones.
  const db = new Database(dbPath);
  db.pragma("busy_timeout = 5000");
  const products = db.prepare("select id, name, priceCents from products where stock > 0 order by name limit ?").all(PRODUCTS) as { id: string; name: string; priceCents: number }[];
  const setStock = db.prepare("update products set stock = ? where id = ?");
  for (const p of products) setStock.run(STOCK_EACH, p.id);
  const initialUnits = products.length * STOCK_EACH;

  console.log(`checkout bench: ${USERS} shoppers, ${CONCURRENCY} at a time, ${products.length} products with ${STOCK_EACH} units each (${initialUnits} units)`);
  const shoppers = Array.from({ length: USERS }, () => browser(base));
  const signUpStart = performance.now();
  await pool(shoppers, 8, async (call, i) => {
    const email = `bench${i}@shop.test`;
    await call("POST", "/api/auth/register", { email, password: "bench-password-1" });
    const login = await call("POST", "/api/auth/login-user", { email, password: "bench-password-1" });
    if (login.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(login.body)}`);
  });
  console.log(`  signed up and logged in ${USERS} shoppers in ${((performance.now() - signUpStart) / 1000).toFixed(1)} s`);

  const latencies = { checkout: [] as number[], prepare: [] as number[], create: [] as number[], capture: [] as number[] };
  const outcomes = new Map<string, number>();
  const count = (what: string) => outcomes.set(what, (outcomes.get(what) ?? 0) + 1);
  const started = performance.now();
  await pool(shoppers, CONCURRENCY, async (call, i) => {
    const product = products[i % products.length]!;
    const line = await call("POST", "/api/cart", { productId: product.id, quantity: 1 });
    if (line.status >= 300) return void count(`add to cart ${line.status}`);
    const t0 = performance.now();
    const prepared = await call("POST", "/api/checkout/prepare", {
      email: `bench${i}@shop.test`,
      robloxUsername: `Bench_${i}`,
      total: line.body.product.price,
      cartItems: [{ id: line.body.id, quantity: 1 }],
      discountCodeId: null,
      discountAmount: null,
    });
    const t1 = performance.now();
    latencies.prepare.push(t1 - t0);
    if (prepared.status !== 201) return void count(`prepare ${prepared.status}`);
    const opened = await call("POST", "/paypal/order", { amount: prepared.body.total, currency: "USD", intent: "CAPTURE" });
    const t2 = performance.now();
    latencies.create.push(t2 - t1);
    if (opened.status !== 201) return void count(`create ${opened.status}`);
    const captured = await call("POST", `/paypal/order/${opened.body.id}/capture`, {});
    const t3 = performance.now();
    latencies.capture.push(t3 - t2);
    if (captured.status !== 201) return void count(`capture ${captured.status}`);
    latencies.checkout.push(t3 - t0);
    count("order placed");
  });
  const seconds = (performance.now() - started) / 1000;

  const ids = products.map((p) => p.id);
  const marks = ids.map(() => "?").join(",");
  const finalStock = (db.prepare(`select coalesce(sum(stock), 0) as s, min(stock) as m from products where id in (${marks})`).get(...ids) as { s: number; m: number });
  const sold = (db.prepare(`select coalesce(sum(quantity), 0) as q, count(distinct orderId) as o from order_items where productId in (${marks})`).get(...ids) as { q: number; o: number });
  const orders = (db.prepare("select count(*) as n, count(distinct paymentId) as p from orders").get() as { n: number; p: number });
  db.close();

  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(`  ${orders.n} orders in ${seconds.toFixed(2)} s: ${(orders.n / seconds).toFixed(1)} orders/s`);
  console.log(`  checkout (prepare + create + capture) p50 ${ms(percentile(latencies.checkout, 50))}, p99 ${ms(percentile(latencies.checkout, 99))}`);
  for (const step of ["prepare", "create", "capture"] as const) {
    console.log(`    ${step.padEnd(8)} p50 ${ms(percentile(latencies[step], 50))}, p99 ${ms(percentile(latencies[step], 99))} (${latencies[step].length} calls)`);
  }
  console.log(`  outcomes: ${[...outcomes].map(([k, v]) => `${k}: ${v}`).join(", ")}`);
  const oversold = finalStock.m < 0 || initialUnits - finalStock.s !== sold.q || orders.n !== orders.p || orders.n !== (outcomes.get("order placed") ?? 0);
  console.log(
    `  oversell check: units ${initialUnits}, sold ${sold.q} in ${sold.o} orders, left ${finalStock.s} (lowest ${finalStock.m}); ` +
      `orders x 1 unit = ${orders.n}, one order per payment id: ${orders.n === orders.p} -> ${oversold ? "FAIL" : "OK"}`,
  );
  await stop();
  process.exitCode = oversold ? 1 : 0;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stop();
  process.exitCode = 1;
}
