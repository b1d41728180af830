// `npm run bench:poll`: how cheap is the support chat's messages poll?
//
// Starts the real server the way playwright.config.ts does (node scripts/start.mjs: builds when
// needed, temporary database, a free port, LOG_LEVEL=warn), opens a guest conversation with 200
// messages (half the guest's, half an administrator's answers), then load-tests
// GET /api/support/conversations/{id}/messages at 64 connections with autocannon three ways:
//   full      the spec's plain poll: all 200 messages every time
//   cursor    ?after=<last message id>: nothing new, an empty list
//   etag      If-None-Match with the last ETag: nothing new, 304 without a body
// and prints requests per second and latency (p50, p99) for each, next to GET /api/health on the
// same server as the floor that the request pipeline itself sets.
// BENCH_DURATION (seconds, default 10) and BENCH_CONNECTIONS (default 64) change the run.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freePort, waitForHealth } from "./lib/child-server.ts";

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number; average: number };
  throughput: { average: number };
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (options: { url: string; connections: number; duration: number; headers: Record<string, string> }) => Promise<AutocannonResult>;
// autocannon ships no type declarations; this is the part of its API used here.
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const root = resolve(import.meta.dirname, "..");
const DURATION = Number(process.env["BENCH_DURATION"] ?? 10);
const CONNECTIONS = Number(process.env["BENCH_CONNECTIONS"] ?? 64);
const MESSAGES = 200;
const ADMIN = { email: "bench-admin@shop.test", password: "bench-admin-password" };

/** "name=value" pairs of a response's Set-Cookie headers, as a Cookie header. */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function call(base: string, path: string, init: { method?: string; cookie?: string; body?: unknown } = {}): Promise<Response> {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { "content-type": "application/json", ...(init.cookie ? { cookie: init.cookie } : {}) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  if (response.status >= 400) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  return response;
}

const dataDir = mkdtempSync(join(tmpdir(), "shop-bench-poll-"));
const port = await freePort("localhost");
const base = `http://localhost:${port}`;
const server = spawn(process.execPath, ["scripts/start.mjs"], {
  cwd: root,
  stdio: ["ignore", "inherit", "inherit"],
  detached: true,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "localhost",
    DEMO_DATA: "on",
    DATABASE_URL: `file:${join(dataDir, "shop.db")}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    PUBLIC_URL: base,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Seeding 100 guest messages quickly would trip the per-visitor limit meant for people.
    CHAT_MESSAGE_LIMIT_PER_MINUTE: "100000",
  },
});

function stop(): void {
  try {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
  rmSync(dataDir, { recursive: true, force: true });
}

try {
  await waitForHealth(base, server, 250);

  const opened = await call(base, "/api/support/conversations", { body: { status: "open" } });
  const guest = cookiesOf(opened);
  const { id } = (await opened.json()) as { id: string };
  const admin = cookiesOf(await call(base, "/api/auth/login", { body: ADMIN }));
  const path = `/api/support/conversations/${id}/messages`;
  for (let i = 0; i < MESSAGES; i++) {
    const asAdmin = i % 2 === 1;
    const text = asAdmin
      ? `Reply ${i}: thanks for waiting, we are checking your order right now.`
      : `Message ${i}: my Blox Fruits order has not arrived yet, can you check?`;
    await call(base, path, { cookie: asAdmin ? admin : guest, body: { message: text } });
  }

  const full = await call(base, path, { cookie: guest });
  const fullBody = await full.text();
  const messages = JSON.parse(fullBody) as { id: string }[];
  const etag = full.headers.get("etag")!;
  const lastId = messages.at(-1)!.id;
  if (messages.length !== MESSAGES) throw new Error(`expected ${MESSAGES} messages, got ${messages.length}`);
  const cursorCheck = await call(base, `${path}?after=${encodeURIComponent(lastId)}`, { cookie: guest });
  const etagCheck = await fetch(`${base}${path}`, { headers: { cookie: guest, "if-none-match": etag } });
  if ((await cursorCheck.text()) !== "[]") throw new Error("the cursor poll should answer []");
  if (etagCheck.status !== 304) throw new Error(`the ETag poll should answer 304, got ${etagCheck.status}`);

  const scenarios: { name: string; what: string; url: string; headers: Record<string, string> }[] = [
    { name: "full", what: `plain GET, ${MESSAGES} messages (${fullBody.length} bytes)`, url: `${base}${path}`, headers: { cookie: guest } },
    { name: "cursor", what: "?after=<last id>, nothing new: []", url: `${base}${path}?after=${encodeURIComponent(lastId)}`, headers: { cookie: guest } },
    { name: "etag", what: `If-None-Match ${etag}, nothing new: 304`, url: `${base}${path}`, headers: { cookie: guest, "if-none-match": etag } },
    // The floor: the same server and request pipeline answering without touching the database.
    { name: "baseline", what: "GET /api/health (no database)", url: `${base}/api/health`, headers: { cookie: guest } },
  ];
  console.log(`\nbench:poll: ${CONNECTIONS} connections, ${DURATION} s each, GET ${path.replace(id, "{id}")} as the guest who owns it\n`);
  const rows = [];
  for (const scenario of scenarios) {
    const result = await autocannon({ url: scenario.url, connections: CONNECTIONS, duration: DURATION, headers: scenario.headers });
    const statuses = Object.entries(result.statusCodeStats)
      .map(([code, { count }]) => `${code}×${count}`)
      .join(" ");
    rows.push({
      poll: scenario.name,
      what: scenario.what,
      "req/s": Math.round(result.requests.average),
      "p50 ms": result.latency.p50,
      "p99 ms": result.latency.p99,
      "KB/s": Math.round(result.throughput.average / 1024),
      statuses,
      errors: result.errors + result.timeouts,
    });
  }
  console.table(rows);
} finally {
  stop();
}
