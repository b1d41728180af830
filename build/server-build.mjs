// The store's server code compiled once at build time, for `npm start` (docs/architecture.md, "One
// copy of the code"). Node can run the .ts files itself, stripping their types as it loads them,
// but its stripper (amaro, a WebAssembly build of swc) then stays in the process: about 20 MB of
// the serving process's resident memory for work that is the same on every start. So the last
// step of `astro build` compiles every .ts file of the server's folders with esbuild (which Vite
// brings), one JavaScript file per source file, to dist/app/<same path>.js, and writes
// dist/package.json, whose "imports" send the package's aliases (`#server/app.ts`) to those files.
// Everything under dist/ resolves them there: the compiled files and the Astro server build, which
// imports the same modules by alias (build/own-modules-external.mjs), so the process holds one copy.

import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const projectRoot = fileURLToPath(new URL("../", import.meta.url));

/** The folders whose .ts files a store process loads: the app's four, the API routes the front answers itself (src/pages), and scripts/ for serve.ts. */
export const SERVER_FOLDERS = ["domain", "adapters", "read-models", "src", "scripts"];

/** The package's aliases, as package.json "imports" names them, and the folder each stands for. */
const ALIASES = { "#domain": "domain", "#adapters": "adapters", "#read-models": "read-models", "#server": "src/server", "#src": "src", "#scripts": "scripts" };

/** @param {string} dir @returns {string[]} */
function typeScriptFiles(dir) {
  /** @type {string[]} */
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...typeScriptFiles(path));
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) files.push(path);
  }
  return files;
}

/**
 * Each file compiled on its own: every import is left as an import, a relative one of a .ts file
 * pointing at its compiled .js; an alias (`#server/app.ts`) is kept as it is, for dist/package.json.
 * @returns {import("esbuild").Plugin}
 */
function importsStayImports() {
  return {
    name: "shop:imports-stay-imports",
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === "entry-point") return null;
        return { path: args.path.startsWith(".") ? args.path.replace(/\.ts$/, ".js") : args.path, external: true };
      });
    },
  };
}

/** Compiles the server's folders of `root` into `out` (app/ and package.json); returns how many files. */
export async function compileServer(root = projectRoot, out = join(root, "dist")) {
  const files = SERVER_FOLDERS.map((folder) => join(root, folder))
    .filter((folder) => existsSync(folder))
    .flatMap(typeScriptFiles);
  // Written beside and moved into place whole: a store starting meanwhile reads the old set or the new one.
  const next = join(out, `app.${process.pid}`);
  rmSync(next, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: files.map((file) => relative(root, file).split(sep).join("/")),
    outdir: next,
    outbase: ".",
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node22",
    logLevel: "warning",
    plugins: [importsStayImports()],
  });
  const imports = Object.fromEntries(Object.entries(ALIASES).map(([alias, folder]) => [`${alias}/*.ts`, `./app/${folder}/*.js`]));
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "package.json"), `${JSON.stringify({ type: "module", private: true, imports }, null, 2)}\n`);
  rmSync(join(out, "app"), { recursive: true, force: true });
  mkdirSync(dirname(join(out, "app")), { recursive: true });
  renameSync(next, join(out, "app"));
  return files.length;
}

/** The Astro integration: the server code is compiled after every build, beside the build it goes with. */
export function serverBuild() {
  return {
    name: "shop:server-build",
    hooks: {
      "astro:build:done": async (/** @type {{ logger: { info(message: string): void } }} */ { logger }) => {
        logger.info(`${await compileServer()} server modules compiled to dist/app`);
      },
    },
  };
}
