// The live channel's figures (issue 38), measured by `npm run bench:events` and as the stream rows
// of `npm run bench`: two real store processes (node scripts/start.ts) on one fresh PostgreSQL
// database (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres: a server where
// databases may be created), then:
//   idle      opens BENCH_STREAMS (1,000) staff streams on process B and reports B's resident
//             memory before and after, and its CPU over BENCH_IDLE_SECONDS (30) of idling
//             (heartbeats only), as a share of one core;
//   latency   a shopper places BENCH_ORDERS (20) paid orders through process A (the sandbox
//             checkout's calls); a staff stream held by B times each order's event from the moment
//             A answered the capture: p50, p95, max.
// Targets (issue 38): 1,000 idle streams under 50 MB and 2% of one core; p95 under 1 s.
import { mkdtempSync, rmSync } from "node:fs";
import { DEMO_REQUIREMENT_CODES } from "#adapters/seed/catalogue.ts";
import { request as httpRequest, Agent, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freePort, stopAll, type ChildServer } from "./child-server.ts";
import type { Check } from "./report.ts";
import { SHOPPERS_FROM_ONE_ADDRESS, startStoreServer } from "./store-server.ts";
import { cookieJar } from "./cookie-jar.ts";
import { freshPostgresDatabase } from "./fresh-postgres.ts";
import { processCpuMs, residentMb } from "./process-cpu.ts";

const root = resolve(import.meta.dirname, "../..");
const STREAMS = Number(process.env["BENCH_STREAMS"] ?? 1000);
const IDLE_SECONDS = Number(process.env["BENCH_IDLE_SECONDS"] ?? 30);
const ORDERS = Number(process.env["BENCH_ORDERS"] ?? 20);
const ADMIN = { email: "bench-admin@shop.test", password: "bench-admin-password" };
const PASSWORD = "correct horse battery";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A client keeping its cookies, like a browser. */
function browser(base: string) {
  const jar = cookieJar();
  return {
    cookie: jar.header,
    async call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
      const response = await jar.fetch(`${base}${path}`, method, body, base);
      const text = await response.text();
      if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    },
  };
}

/** Opens GET /api/events with a cookie; `onEvent` hears each event's data. */
function openStream(base: string, cookie: string, agent: Agent, onEvent?: (event: string, data: string) => void): Promise<IncomingMessage> {
  return new Promise((resolveStream, reject) => {
    const req = httpRequest(`${base}/api/events`, { agent, headers: { cookie, accept: "text/event-stream" } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream: HTTP ${res.statusCode}`));
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        if (!onEvent) return;
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (event && data) onEvent(event, data);
        }
      });
      resolveStream(res);
    });
    req.on("error", reject);
    req.end();
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function placeOrder(shopper: ReturnType<typeof browser>, productId: string): Promise<{ answeredAt: number; orderId: string }> {
  await shopper.call("POST", "/api/cart", { productId, quantity: 1 });
  const items = await shopper.call<{ id: string; quantity: number; product: { price: string } }[]>("GET", "/api/cart");
  const cents = items.reduce((sum, i) => sum + Math.round(Number(i.product.price) * 100) * i.quantity, 0);
  const prepared = await shopper.call<{ total: string }>("POST", "/api/checkout/prepare", {
    email: "bench-buyer@shop.test",
    robloxUsername: "Bench_Buyer",
    total: (cents / 100).toFixed(2),
    cartItems: items.map((i) => ({ id: i.id, quantity: i.quantity })),
    discountCodeId: null,
    discountAmount: null,
    acknowledgedRequirements: DEMO_REQUIREMENT_CODES,
  });
  const payment = await shopper.call<{ id: string }>("POST", "/paypal/order", { amount: prepared.total, currency: "USD", intent: "CAPTURE" });
  const captured = await shopper.call<{ order: { id: string } }>("POST", `/paypal/order/${payment.id}/capture`, {});
  return { answeredAt: performance.now(), orderId: captured.order.id };
}

export interface EventsFigures {
  streams: number;
  rssBeforeMb: number | null;
  rssAfterMb: number | null;
  idleSeconds: number;
  /** CPU of the process holding the idle streams, % of one core. */
  cpuShare: number | null;
  orders: number;
  heard: number;
  p50Ms: number | null;
  p95Ms: number | null;
  maxMs: number | null;
}

export const STREAMS_MB_TARGET = 50;
export const STREAMS_CPU_TARGET = 2;
export const ORDER_EVENT_P95_TARGET_MS = 1000;

/** Runs the measurement (it stops every server it started, and drops its database). */
export async function runEventsBench(): Promise<EventsFigures> {
  const database = await freshPostgresDatabase(process.env["BENCH_POSTGRES_URL"] ?? "postgres://postgres@127.0.0.1:5432/postgres", "shop_bench_events");
  const dirs = [mkdtempSync(join(tmpdir(), "bench-events-a-")), mkdtempSync(join(tmpdir(), "bench-events-b-"))];
  try {
    const ports = [await freePort("127.0.0.1"), await freePort("127.0.0.1")];
    const start = (name: string, port: number, dir: string): Promise<ChildServer> =>
      startStoreServer({
        name,
        root,
        nodeFlags: [],
        databaseUrl: database.url,
        dataDir: dir,
        preferredPort: port,
        env: {
          ...SHOPPERS_FROM_ONE_ADDRESS,
          AUTH_SECRET: "bench-events-secret-0123456789abcdef",
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          EVENT_STREAMS_MAX: String(STREAMS + 10),
        },
        timeoutMs: 300_000,
      });
    const a = await start("store-a", ports[0]!, dirs[0]!);
    const b = await start("store-b", ports[1]!, dirs[1]!);
    const staff = browser(b.baseUrl);
    await staff.call("POST", "/api/auth/login", ADMIN);
    const agent = new Agent({ keepAlive: false, maxSockets: Infinity });

    // Idle streams.
    await sleep(3000);
    const rssBefore = residentMb(b.pid);
    const streams: IncomingMessage[] = [];
    for (let i = 0; i < STREAMS; i += 50) {
      streams.push(...(await Promise.all(Array.from({ length: Math.min(50, STREAMS - i) }, () => openStream(b.baseUrl, staff.cookie(), agent)))));
    }
    await sleep(3000);
    const rssAfter = residentMb(b.pid);
    const cpuStart = processCpuMs(b.pid);
    const idleStarted = performance.now();
    await sleep(IDLE_SECONDS * 1000);
    const cpuEnd = processCpuMs(b.pid);
    const cpuShare = cpuStart === null || cpuEnd === null ? null : ((cpuEnd - cpuStart) / (performance.now() - idleStarted)) * 100;
    for (const s of streams) s.destroy();

    // Latency: paid orders on A, heard by a staff stream on B.
    const waiting = new Map<string, (at: number) => void>();
    const heard = new Map<string, number>();
    await openStream(b.baseUrl, staff.cookie(), agent, (event, data) => {
      if (event !== "order") return;
      const view = JSON.parse(data) as { orderId: string; change: string };
      if (view.change !== "placed") return;
      const at = performance.now();
      heard.set(view.orderId, at);
      waiting.get(view.orderId)?.(at);
    });
    const shopper = browser(a.baseUrl);
    const email = `bench-live-${Date.now()}@shop.test`;
    await shopper.call("POST", "/api/auth/register", { acceptTerms: true, email, password: PASSWORD, birthDate: "1990-01-01" });
    await shopper.call("POST", "/api/auth/login-user", { email, password: PASSWORD });
    const products = await shopper.call<{ id: string; stock: number }[]>("GET", "/api/products");
    const product = [...products].sort((x, y) => y.stock - x.stock)[0]!;
    const latencies: number[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const { answeredAt, orderId } = await placeOrder(shopper, product.id);
      const at = heard.get(orderId) ?? (await Promise.race([new Promise<number>((r) => waiting.set(orderId, r)), sleep(10_000).then(() => Number.NaN)]));
      latencies.push(at - answeredAt);
    }
    const sorted = latencies.filter(Number.isFinite).sort((x, y) => x - y);
    agent.destroy();
    const some = sorted.length > 0;
    return {
      streams: streams.length,
      rssBeforeMb: rssBefore,
      rssAfterMb: rssAfter,
      idleSeconds: IDLE_SECONDS,
      cpuShare,
      orders: ORDERS,
      heard: sorted.length,
      p50Ms: some ? percentile(sorted, 50) : null,
      p95Ms: some ? percentile(sorted, 95) : null,
      maxMs: some ? sorted.at(-1)! : null,
    };
  } finally {
    await stopAll();
    await database.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (value: number | null) => (value === null ? "?" : `${value.toFixed(0)} ms`);

/** The stream rows: each figure against its target. Pure. */
export function eventsChecks(f: EventsFigures): Check[] {
  const grown = f.rssBeforeMb === null || f.rssAfterMb === null ? null : f.rssAfterMb - f.rssBeforeMb;
  return [
    {
      text: `live channel: ${f.streams} idle staff streams on one process: resident memory ${f.rssBeforeMb ?? "?"} MB -> ${f.rssAfterMb ?? "?"} MB (+${grown ?? "?"} MB; target < ${STREAMS_MB_TARGET} MB)`,
      ok: grown !== null && grown < STREAMS_MB_TARGET,
    },
    {
      text: `live channel: CPU while they idled ${f.idleSeconds} s: ${f.cpuShare === null ? "n/a" : `${f.cpuShare.toFixed(2)}% of one core`} (target < ${STREAMS_CPU_TARGET}%)`,
      ok: f.cpuShare !== null && f.cpuShare < STREAMS_CPU_TARGET,
    },
    {
      text: `live channel: paid order on process A -> event on a stream held by process B (PostgreSQL LISTEN/NOTIFY), ${f.heard}/${f.orders} heard: p50 ${ms(f.p50Ms)}, p95 ${ms(f.p95Ms)}, max ${ms(f.maxMs)} (target p95 < ${ORDER_EVENT_P95_TARGET_MS} ms; can be negative: the event may arrive before the capture's answer)`,
      ok: f.heard === f.orders && f.p95Ms !== null && f.p95Ms < ORDER_EVENT_P95_TARGET_MS,
    },
  ];
}
