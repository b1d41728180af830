// `npm run bench:lighthouse`: builds if needed, starts the real server (like playwright.config.ts:
// scripts/start.mjs on a temporary database and a free port), and runs npm `lighthouse` with its
// mobile settings in Debian's Chromium on the pages that matter most. Prints the four category
// scores and the JavaScript each page loads, and exits non-zero when a page misses a target.
// No browser is downloaded: chrome-launcher is pointed at /usr/bin/chromium (or CHROMIUM_PATH).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { freePort, waitForHealth } from "./lib/child-server.ts";

// Best practices 100 (issue 35): no console error, nothing refused by the Content-Security-Policy.
const TARGETS = { performance: 95, accessibility: 95, "best-practices": 100, seo: 100, jsKb: 100 } as const;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const root = resolve(import.meta.dirname, "..");
const chromePath = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium";
// One Lighthouse run varies by several performance points (timers, idle hydration, a shared CPU),
// so each page is measured several times and the run with the median performance score is shown,
// as Lighthouse's own documentation recommends.
const RUNS = Math.max(1, Number(process.env["LIGHTHOUSE_RUNS"] ?? 5));

interface Row {
  page: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  jsFiles: number;
  jsTransferKb: number;
  jsGzipKb: number;
  failed: string[];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

async function measure(base: string, path: string, port: number): Promise<Row> {
  const result = await lighthouse(`${base}${path}`, { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`lighthouse returned nothing for ${path}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Row["scores"];
  const items =
    (lhr.audits["network-requests"]?.details as { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const scripts = items.filter((item) => item.resourceType === "Script" && item.url.startsWith(base));
  // The store serves files uncompressed and leaves compression to the proxy or CDN in front of it,
  // so "compressed" is each script gzipped here, as such a proxy would send it.
  let gzip = 0;
  for (const script of scripts) gzip += gzipSync(Buffer.from(await (await fetch(script.url)).arrayBuffer())).byteLength;
  const transfer = scripts.reduce((sum, s) => sum + (s.transferSize ?? 0), 0);
  const failed: string[] = [];
  for (const c of CATEGORIES) if (scores[c] < TARGETS[c]) failed.push(`${c} ${scores[c]} < ${TARGETS[c]}`);
  if (kb(gzip) > TARGETS.jsKb) failed.push(`JS ${kb(gzip)} KB > ${TARGETS.jsKb} KB`);
  if (process.env["BENCH_VERBOSE"]) {
    const tasks = (lhr.audits["long-tasks"]?.details as { items?: { url: string; duration: number; startTime: number }[] } | undefined)?.items ?? [];
    for (const t of tasks) console.log(`  ${path} long task ${Math.round(t.duration)} ms at ${Math.round(t.startTime)} ms: ${t.url}`);
    const work = (lhr.audits["mainthread-work-breakdown"]?.details as { items?: { groupLabel: string; duration: number }[] } | undefined)?.items ?? [];
    console.log(`  ${path} main thread: ${work.map((w) => `${w.groupLabel} ${Math.round(w.duration)} ms`).join(", ")}`);
  }
  for (const c of CATEGORIES) {
    if (scores[c] === 100 || !process.env["BENCH_VERBOSE"]) continue;
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (audit && audit.score !== null && audit.score < 1 && ref.weight > 0)
        console.log(`  ${path} ${c}: ${audit.id} ${audit.score} ${audit.displayValue ?? ""}`);
    }
  }
  return { page: path, scores, jsFiles: scripts.length, jsTransferKb: kb(transfer), jsGzipKb: kb(gzip), failed };
}

const dir = mkdtempSync(join(tmpdir(), "shop-lighthouse-"));
const port = await freePort("127.0.0.1");
const base = `http://localhost:${port}`;
const server = spawn(process.execPath, [join(root, "scripts/start.mjs")], {
  cwd: root,
  stdio: ["ignore", "inherit", "inherit"],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "localhost",
    DEMO_DATA: "on",
    DATABASE_URL: `file:${join(dir, "shop.db")}`,
    DATA_DIR: dir,
    LOG_LEVEL: "warn",
    PUBLIC_URL: base,
  },
});
let chrome: chromeLauncher.LaunchedChrome | undefined;
let exitCode = 0;
try {
  await waitForHealth(base, server, 500);
  const [product] = (await (await fetch(`${base}/api/products?featured=true`)).json()) as { id: string }[];
  const [post] = (await (await fetch(`${base}/api/blog`)).json()) as { slug: string }[];
  if (!product || !post) throw new Error("the demo store has no featured product or blog post");
  const only = process.env["LIGHTHOUSE_ONLY"]; // e.g. "^/$" to measure one page while tuning it
  const pages = ["/", "/shop/blox-fruits", `/product/${product.id}`, `/blog/${post.slug}`, "/faq"].filter((p) => !only || new RegExp(only).test(p));

  chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
  const rows: Row[] = [];
  for (const path of pages) {
    const runs: Row[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(base, path, chrome.port));
    runs.sort((a, b) => a.scores.performance - b.scores.performance);
    const median = runs[Math.floor(runs.length / 2)]!;
    if (RUNS > 1) console.log(`${path}: performance ${runs.map((r) => r.scores.performance).join(", ")} -> median ${median.scores.performance}`);
    rows.push(median);
  }

  console.log(
    `\nLighthouse (mobile, simulated throttling; median of ${RUNS} runs); targets: performance and accessibility >= 95, best practices and SEO 100, <= ${TARGETS.jsKb} KB compressed JS\n`,
  );
  console.log("| page | performance | accessibility | best practices | SEO | JS files | JS as served (KB) | JS gzip (KB) |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    const name = r.page.startsWith("/product/") ? "/product/{id}" : r.page;
    console.log(
      `| ${name} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores["best-practices"]} | ${r.scores.seo} | ${r.jsFiles} | ${r.jsTransferKb} | ${r.jsGzipKb} |`,
    );
  }
  const misses = rows.flatMap((r) => r.failed.map((f) => `${r.page}: ${f}`));
  if (misses.length) {
    console.log(`\nMissed targets:\n${misses.join("\n")}`);
    exitCode = 1;
  } else console.log("\nEvery page meets the targets.");
} catch (error) {
  console.error(`bench:lighthouse: ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  chrome?.kill();
  server.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}
process.exit(exitCode);
