// `npm run bench -- --only personal` (issue 33): the calls every signed-in page view makes besides
// its cached HTML, GET /api/auth/session and GET /api/cart for a signed-in shopper at 32
// connections, and the /cart and /dashboard pages they render, against the ceiling (a prebuilt
// buffer as large as the game page) and the same shopper's cached game page (the drop-day targets want /cart
// and /dashboard at half its rate; both are kept shells now, and GET /api/auth/user is what the
// dashboard's island then reads), with the store's resident memory after the run. The quick check
// while working on them; `npm run bench` has the same rows among the others.
//
// BENCH_BEFORE_ROOT=/path/to/another/checkout (built, e.g. `git archive <commit> | tar -x` plus a
// node_modules link and `astro build`) starts that store too, on its own database, and measures
// each call on both in alternating rounds (before, after, after, before; bench/lib/load.ts runPair),
// so a busy machine weighs on both alike.
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { stopAll } from "./lib/child-server.ts";
import { runPair, runScenario } from "./lib/load.ts";
import { formatTable, latencyCheck, ratioCheck, type Check } from "./lib/report.ts";
import type { Scenario } from "./lib/scenario.ts";
import { failures, throughputRatio, type Summary } from "./lib/summary.ts";
import { signedInCookie, startCeilingServer, startStoreServer } from "./lib/store-server.ts";
import { residentMb } from "./lib/process-cpu.ts";

const root = resolve(import.meta.dirname, "..");
const CONNECTIONS = 32;
const CEILING_RATIO_TARGET = 0.25;
const P99_TARGET_MS = 20;
const GAME_PAGE = "game page, signed in";
/** The pages around a checkout, against the same shopper's game page. */
const CHECKOUT_PAGES = ["/cart, signed in", "/dashboard, signed in"];
const GAME_PAGE_RATIO_TARGET = 0.5;
const ACCOUNT_CALL = "account API, signed in";
const RESIDENT_MB_TARGET = 250;

function startStore(name: string, storeRoot: string, port: number, nodeFlags: string[]) {
  const dir = mkdtempSync(join(tmpdir(), "shop-bench-personal-"));
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  return startStoreServer({
    name,
    root: storeRoot,
    databaseUrl: `file:${join(dir, "shop.db")}`,
    dataDir: dir,
    preferredPort: port,
    nodeFlags,
    timeoutMs: 10 * 60_000,
  });
}

/** Something in the cart, so /api/cart answers a line as a shopper's usually does. */
async function addToCart(baseUrl: string, cookie: string): Promise<void> {
  const products = (await (await fetch(`${baseUrl}/api/products?featured=true`)).json()) as { id: string }[];
  const added = await fetch(`${baseUrl}/api/cart`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, origin: baseUrl },
    body: JSON.stringify({ productId: products[0]!.id, quantity: 1 }),
  });
  if (!added.ok) throw new Error(`POST /api/cart answered ${added.status}`);
}

export async function runPersonalBench(nodeFlags: string[], durationSec: number, warmupSec: number): Promise<number> {
  const beforeRoot = process.env["BENCH_BEFORE_ROOT"];
  try {
    const store = await startStore("store", root, 4467, nodeFlags);
    const before = beforeRoot ? await startStore("store before", resolve(beforeRoot), 4468, nodeFlags) : null;
    const gamePageBytes = (await (await fetch(`${store.baseUrl}/shop/blox-fruits`)).arrayBuffer()).byteLength;
    const ceiling = await startCeilingServer(root, gamePageBytes, 4469);
    const scenario = (server: { baseUrl: string; pid: number }, name: string, path: string, cookie: string): Scenario => ({
      name,
      url: `${server.baseUrl}${path}`,
      method: "GET",
      connections: CONNECTIONS,
      serverPid: server.pid,
      headers: { cookie },
    });
    const cookie = await signedInCookie(store.baseUrl);
    await addToCart(store.baseUrl, cookie);
    const beforeCookie = before ? await signedInCookie(before.baseUrl) : null;
    if (before && beforeCookie) await addToCart(before.baseUrl, beforeCookie);

    const loadBefore = loadavg()[0]!;
    const measured: Summary[] = [];
    const warmups: Summary[] = [];
    measured.push(
      (
        await runScenario(
          { name: "ceiling (prebuilt buffer)", url: `${ceiling.baseUrl}/`, method: "GET", connections: CONNECTIONS, serverPid: ceiling.pid },
          { durationSec, warmupSec },
        )
      ).measured,
    );
    for (const [name, path] of [
      [GAME_PAGE, "/shop/blox-fruits"],
      ["session API, signed in", "/api/auth/session"],
      ["cart API, signed in", "/api/cart"],
      ["/cart, signed in", "/cart"],
      ["/dashboard, signed in", "/dashboard"],
      // What the dashboard's shell reads once its island runs (its wishlist is GET /api/wishlist).
      [ACCOUNT_CALL, "/api/auth/user"],
    ] as const) {
      const after = scenario(store, name, path, cookie);
      if (before && beforeCookie) {
        const pair = await runPair(scenario(before, `${name} (before)`, path, beforeCookie), after, { durationSec, warmupSec });
        warmups.push(...pair.warmups);
        measured.push(...pair.measured);
      } else {
        const run = await runScenario(after, { durationSec, warmupSec });
        if (run.warmup) warmups.push(run.warmup);
        measured.push(run.measured);
      }
    }
    const residentAfterMb = residentMb(store.pid);
    const residentBeforeStoreMb = before ? residentMb(before.pid) : null;
    await stopAll();
    const ceilingRow = measured[0]!;
    const row = (name: string) => measured.find((s) => s.name === name)!;
    const checks: Check[] = [
      ...measured
        .slice(1)
        // The game page is the yardstick, and the account call is here for the record (no target).
        .filter((s) => !s.name.startsWith(GAME_PAGE) && !s.name.startsWith(ACCOUNT_CALL))
        .flatMap((s) => [
          ratioCheck(`${s.name} / ceiling throughput`, throughputRatio(s, ceilingRow), CEILING_RATIO_TARGET),
          latencyCheck(`${s.name} p99 < ${P99_TARGET_MS} ms at ${CONNECTIONS} connections`, [s], P99_TARGET_MS),
        ]),
      ...CHECKOUT_PAGES.flatMap((name) =>
        ["", ...(before ? [" (before)"] : [])].map((suffix) =>
          ratioCheck(
            `${name}${suffix} / ${GAME_PAGE}${suffix} throughput`,
            throughputRatio(row(name + suffix), row(GAME_PAGE + suffix)),
            GAME_PAGE_RATIO_TARGET,
          ),
        ),
      ),
    ];
    if (residentAfterMb !== null) {
      const beforeText = residentBeforeStoreMb === null ? "" : `; the store before: ${residentBeforeStoreMb} MB`;
      const ok = residentAfterMb < RESIDENT_MB_TARGET;
      checks.push({ ok, text: `resident memory after the run ${residentAfterMb} MB < ${RESIDENT_MB_TARGET} MB: ${ok ? "yes" : "no"}${beforeText}` });
    }
    console.log(
      `\nbench --only personal: ${durationSec} s per row after ${warmupSec} s warm-up, ${CONNECTIONS} connections, ${cpus().length} CPUs, load average ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after${beforeRoot ? `; before = ${beforeRoot}, rounds alternate` : ""}\n`,
    );
    console.log(formatTable(measured));
    console.log("");
    for (const check of checks) console.log(check.text);
    const failed = [...warmups, ...measured].filter((s) => failures(s) > 0);
    for (const s of failed) console.log(`FAILED: ${s.name}: ${s.errors} errors, ${s.non2xx} non-2xx; status codes ${JSON.stringify(s.statusCodes)}`);
    return failed.length > 0 ? 1 : 0;
  } finally {
    await stopAll();
  }
}
