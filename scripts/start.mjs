// `npm start`: builds the site when the build is missing or older than the sources, then serves it
// with the server code the build compiled (dist/app/scripts/serve.js, build/server-build.mjs).
// Plain JavaScript, and nothing of the store's TypeScript is loaded from source: the serving process
// never loads Node's type stripper (about 20 MB resident).
import "./load-env.mjs";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const root = resolve(import.meta.dirname, "..");
const built = [join(root, "dist/server/entry.mjs"), join(root, "dist/app/scripts/serve.js")];
const SOURCES = ["src", "domain", "adapters", "read-models", "scripts", "build", "public", "astro.config.mjs", "package.json"];

/** @param {string} path @returns {number} */
function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

function buildIfNeeded() {
  const builtAt = Math.min(...built.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  const changed = Math.max(...SOURCES.map((s) => newestChange(join(root, s))));
  if (builtAt >= changed) return;
  // The configuration first (in a child: this process loads no TypeScript), so a wrong setting is
  // one line before a build, as it is before serving.
  const check = spawnSync(process.execPath, [join(root, "scripts/check-config.ts")], { cwd: root, stdio: "inherit" });
  if (check.status !== 0) process.exit(1);
  console.log(builtAt ? "start: sources changed since the last build; rebuilding" : "start: building the site (first run)");
  const result = spawnSync(process.execPath, [join(root, "node_modules/astro/bin/astro.mjs"), "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error("start: the build failed (see above)");
    process.exit(1);
  }
}

buildIfNeeded();
const { serve } = await import(pathToFileURL(join(root, "dist/app/scripts/serve.js")).href);
await serve(root);
