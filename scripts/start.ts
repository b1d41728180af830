// `npm start`: builds the site when the build is missing or older than the sources, brings the
// database up to date (migrations, demo data in an empty store), then serves on HOST:PORT.
import "./load-env.ts";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { refreshPlannerStatisticsPeriodically } from "../adapters/db/planner-statistics.ts";
import { openApp } from "../src/server/app.ts";
import { shareApp } from "../src/server/shared-app.ts";
import { ConfigError, loadConfig } from "../src/server/config.ts";
import { serveClientAssets } from "../src/server/client-assets.ts";
import { createFront, type NodeHandler } from "../src/server/front.ts";
import { prepareDatabase } from "../src/server/prepare-database.ts";
import { stopOnSignals } from "../src/server/stop-on-signals.ts";

const root = resolve(import.meta.dirname, "..");
const entry = join(root, "dist/server/entry.mjs");
const SOURCES = ["src", "domain", "adapters", "read-models", "public", "astro.config.mjs", "package.json"];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

function buildIfNeeded(): void {
  const built = existsSync(entry) ? statSync(entry).mtimeMs : 0;
  const changed = Math.max(...SOURCES.map((s) => newestChange(join(root, s))));
  if (built >= changed) return;
  console.log(built ? "start: sources changed since the last build; rebuilding" : "start: building the site (first run)");
  const result = spawnSync(process.execPath, [join(root, "node_modules/astro/bin/astro.mjs"), "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error("start: the build failed (see above)");
}

try {
  const config = loadConfig(process.env);
  buildIfNeeded();
  const app = await openApp(config);
  const { migrations, seeded, admin, contentSeeded } = await prepareDatabase(app);
  if (migrations.length) console.log(`start: applied migrations ${migrations.join(", ")}`);
  if (seeded) console.log(`start: new store, seeded ${seeded.gamesAdded} demo games and ${seeded.productsAdded} products`);
  if (contentSeeded) console.log(`start: no content yet, seeded ${contentSeeded.faqsAdded} FAQs and ${contentSeeded.postsAdded} blog posts`);
  if (admin) console.log(`start: administrator ${config.admin?.email} ${admin.created ? "created" : "is ready"}`);
  // Files an earlier version kept in DATA_DIR are not served from another store until they are moved.
  if (config.uploads.store !== "folder" && ["uploads", "proofs"].some((folder) => existsSync(join(config.dataDir, folder)))) {
    console.log(
      `start: uploaded files are kept in the ${config.uploads.store} store, but ${config.dataDir} still has uploads or proofs folders: move them with npm run cli -- uploads move --from folder --to ${config.uploads.store} (or set UPLOADS_STORE=folder)`,
    );
  }
  // React and nanostores are external packages of the server build and read NODE_ENV at run time:
  // unset, they run their development builds, and server-rendering the islands that way cost about
  // a quarter of each page's CPU (docs/benchmarks.md). An explicit NODE_ENV is kept.
  process.env["NODE_ENV"] ||= "production";
  // The Astro build's own server is not started: ours puts the front (src/server/front.ts) before
  // Astro's handler, and both use this one app (one database pool, one catalogue cache).
  process.env["ASTRO_NODE_AUTOSTART"] = "disabled";
  shareApp(app);
  // Payments held for review are asked about in the background (each by one process at a time).
  app.paymentReconciler.start();
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: NodeHandler };
  const server = createServer(createFront(app, handler, { assets: serveClientAssets(join(root, "dist/client")) }));
  server.listen(config.port, config.host, () => console.log(`start: serving on http://${config.host}:${config.port}`));
  // Late orders are looked for by every process (they share the work on PostgreSQL).
  app.lateOrders.start();
  // SQLite's planner statistics follow the shop as it grows (PRAGMA optimize every few hours).
  refreshPlannerStatisticsPeriodically(app.db, (error) => app.log.error({ err: error }, "refreshing the planner's statistics failed; it runs again later"));
  // The outbox worker: delivers what earlier runs left undelivered first, then what comes.
  app.mail.worker.start();
  console.log(
    config.mail.transport === "smtp"
      ? "start: emails go out through SMTP_URL"
      : `start: emails are kept as .eml files in ${config.mail.folder} (set SMTP_URL and MAIL_FROM to send them)`,
  );
  // A stop (SIGTERM, Ctrl-C) lets the requests under way finish and stores what is queued, for
  // STOP_GRACE_MS at most.
  stopOnSignals(server, app);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
  process.exit(1);
}
