// `npm start`: builds the site when the build is missing or older than the sources, brings the
// database up to date (migrations, demo data in an empty store), then serves on HOST:PORT.
import "./load-env.ts";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ConfigError, loadConfig } from "../src/server/config.ts";
import { serveClientAssets } from "../src/server/client-assets.ts";
import type { NodeHandler } from "../src/server/front.ts";
import { runApp } from "../src/server/run-app.ts";

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
  // React and nanostores are external packages of the server build and read NODE_ENV at run time:
  // unset, they run their development builds, and server-rendering the islands that way cost about
  // a quarter of each page's CPU (docs/benchmarks.md). An explicit NODE_ENV is kept.
  process.env["NODE_ENV"] ||= "production";
  // The Astro build's own server is not started: runApp's puts the front (src/server/front.ts)
  // before Astro's handler. The build imports src/server, domain, adapters and read-models as this
  // process loaded them (one copy: src/lib/own-modules-external.mjs), so both use the one app.
  process.env["ASTRO_NODE_AUTOSTART"] = "disabled";
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: NodeHandler };
  // A stop (SIGTERM, Ctrl-C) lets the requests under way finish and stores what is queued, for
  // STOP_GRACE_MS at most (runApp).
  await runApp({ config, pages: handler, assets: serveClientAssets(join(root, "dist/client")) });
  console.log(`start: serving on http://${config.host}:${config.port}`);
  console.log(
    config.mail.transport === "smtp"
      ? "start: emails go out through SMTP_URL"
      : `start: emails are kept as .eml files in ${config.mail.folder} (set SMTP_URL and MAIL_FROM to send them)`,
  );
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
  process.exit(1);
}
