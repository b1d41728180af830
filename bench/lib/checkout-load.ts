import type { Db } from "#adapters/db/database.ts";
import { DEMO_REQUIREMENT_CODES } from "#adapters/seed/catalogue.ts";
import { cookieJar, jsonAnswer } from "./cookie-jar.ts";

// The checkout path of bench/checkout.ts (sign up, add one unit, prepare + create + capture, at
// products with a small stock), against one or several app processes and on either database:
// shopper i talks to server i % n, as a load balancer would spread them.

export interface CheckoutLoadOptions {
  /** Base URLs of the app processes, e.g. ["http://127.0.0.1:4500"]. */
  servers: string[];
  /** The store's database (to give products a small stock and check the outcome). */
  db: Db;
  users: number;
  concurrency: number;
  products: number;
  stockEach: number;
}

export interface CheckoutLoadResult {
  orders: number;
  seconds: number;
  ordersPerSec: number;
  checkoutP50Ms: number;
  checkoutP99Ms: number;
  outcomes: Record<string, number>;
  /** Units sold = units taken from stock, stock never below zero, one order per payment. */
  oversellCheckOk: boolean;
}

export function percentile(values: number[], p: number): number {
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

/** A shopper's browser: a cookie jar over fetch, at one server. */
function browser(base: string) {
  const jar = cookieJar();
  const call = async (method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> =>
    jsonAnswer(await jar.fetch(`${base}${path}`, method, body));
  return { call, cookie: jar.header };
}

/** A signed-in shopper: its calls (cookies kept) and its email. */
export interface Shopper {
  call: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;
  /** The Cookie header its browser sends (for a page load run outside the jar). */
  cookie: () => string;
  email: string;
}

/** Registers and signs in `users` adult shoppers, 8 at a time (not part of any timed figure); shopper i at server i % n. */
export async function signInShoppers(servers: string[], users: number, prefix = "bench"): Promise<Shopper[]> {
  const shoppers = Array.from({ length: users }, (_, i) => ({ ...browser(servers[i % servers.length]!), email: `${prefix}${i}@shop.test` }));
  await pool(shoppers, 8, async ({ call, email }) => {
    // An adult's account: a minor's checkout asks a parent to pay.
    await call("POST", "/api/auth/register", { acceptTerms: true, email, password: "bench-password-1", birthDate: "1990-01-01" });
    const login = await call("POST", "/api/auth/login-user", { email, password: "bench-password-1" });
    if (login.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(login.body)}`);
  });
  return shoppers;
}

/** Gives `count` in-stock products `stockEach` units each; answers their ids. */
export async function stockProducts(db: Db, count: number, stockEach: number): Promise<string[]> {
  const products = await db.selectFrom("products").select(["id"]).where("stock", ">", 0).orderBy("name").limit(count).execute();
  const ids = products.map((p) => p.id);
  await db.updateTable("products").set({ stock: stockEach }).where("id", "in", ids).execute();
  return ids;
}

export interface BurstResult extends CheckoutLoadResult {
  checkoutMaxMs: number;
}

/**
 * Every shopper at once, `concurrency` in flight: add one unit of product i % n, then prepare +
 * create + capture (the timed part). An answer that is not a success is counted by its step,
 * status and code ("prepare 409 out_of_stock"), so sold-out answers are told from failures.
 */
export async function runCheckoutBurst(db: Db, shoppers: Shopper[], ids: string[], concurrency: number): Promise<BurstResult> {
  const initial = await db
    .selectFrom("products")
    .select((eb) => eb.fn.sum<number>("stock").as("units"))
    .where("id", "in", ids)
    .executeTakeFirstOrThrow();
  const initialUnits = Number(initial.units);
  // The store's own orders (the demo's seeded ones) are not the run's: only what the run adds is checked.
  const before = await soldAndOrders(db, ids);
  const latencies: number[] = [];
  const outcomes: Record<string, number> = {};
  const count = (what: string) => void (outcomes[what] = (outcomes[what] ?? 0) + 1);
  const refused = (step: string, answer: { status: number; body: any }) => count(`${step} ${answer.status}${answer.body?.code ? ` ${answer.body.code}` : ""}`);
  const started = performance.now();
  await pool(shoppers, concurrency, async ({ call, email }, i) => {
    const productId = ids[i % ids.length]!;
    const line = await call("POST", "/api/cart", { productId, quantity: 1 });
    if (line.status >= 300) return refused("add to cart", line);
    const t0 = performance.now();
    const prepared = await call("POST", "/api/checkout/prepare", {
      email,
      robloxUsername: `Bench_${i}`,
      total: line.body.product.price,
      cartItems: [{ id: line.body.id, quantity: 1 }],
      discountCodeId: null,
      discountAmount: null,
      acknowledgedRequirements: DEMO_REQUIREMENT_CODES,
    });
    if (prepared.status !== 201) return refused("prepare", prepared);
    const opened = await call("POST", "/paypal/order", { amount: prepared.body.total, currency: "USD", intent: "CAPTURE" });
    if (opened.status !== 201) return refused("create", opened);
    const captured = await call("POST", `/paypal/order/${opened.body.id}/capture`, {});
    if (captured.status !== 201) return refused("capture", captured);
    latencies.push(performance.now() - t0);
    count("order placed");
  });
  const seconds = (performance.now() - started) / 1000;

  const stock = await db
    .selectFrom("products")
    .select((eb) => [eb.fn.sum<number>("stock").as("left"), eb.fn.min<number>("stock").as("lowest")])
    .where("id", "in", ids)
    .executeTakeFirstOrThrow();
  const after = await soldAndOrders(db, ids);
  const n = after.orders - before.orders;
  const oversellCheckOk =
    Number(stock.lowest) >= 0 &&
    initialUnits - Number(stock.left) === after.units - before.units &&
    n === after.payments - before.payments &&
    n === (outcomes["order placed"] ?? 0);
  return {
    orders: n,
    seconds,
    ordersPerSec: n / seconds,
    checkoutP50Ms: percentile(latencies, 50),
    checkoutP99Ms: percentile(latencies, 99),
    checkoutMaxMs: latencies.length ? Math.max(...latencies) : 0,
    outcomes,
    oversellCheckOk,
  };
}

export async function runCheckoutLoad(options: CheckoutLoadOptions): Promise<CheckoutLoadResult> {
  const ids = await stockProducts(options.db, options.products, options.stockEach);
  const shoppers = await signInShoppers(options.servers, options.users);
  return runCheckoutBurst(options.db, shoppers, ids, options.concurrency);
}

/** Units of these products in orders, the orders, and the distinct payments behind them: counted before and after a run. */
async function soldAndOrders(db: Db, ids: string[]): Promise<{ units: number; orders: number; payments: number }> {
  const sold = await db
    .selectFrom("order_items")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("quantity"), eb.lit(0)).as("units"))
    .where("productId", "in", ids)
    .executeTakeFirstOrThrow();
  const orders = await db
    .selectFrom("orders")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.count<number>("paymentId").distinct().as("payments")])
    .executeTakeFirstOrThrow();
  return { units: Number(sold.units), orders: Number(orders.n), payments: Number(orders.payments) };
}
