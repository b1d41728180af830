import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileServer } from "#build/server-build.mjs";

// npm start runs the server code the build compiled to JavaScript (build/server-build.mjs), so its
// process never loads Node's type stripper (amaro, a WebAssembly build of swc: about 20 MB
// resident). process.moduleLoadList names every internal module Node loaded, amaro among them
// once it strips a file. The code is compiled here as every `astro build` compiles it, into a
// folder of the test's own (never into dist/, which a running server may be using).
const root = resolve(import.meta.dirname, "../..");
// What the child reports: whether it loaded the stripper, and (with RECORD) how many AWS SDK modules it loaded.
const PRINT = `console.log(JSON.stringify({
  stripper: process.moduleLoadList.some((m) => m.includes("amaro")),
  awsModules: globalThis.loaded?.filter((url) => url.includes("/@aws-sdk/")).length ?? null,
}));`;
type Report = { stripper: boolean; awsModules: number | null };
// Records every module URL the process loads (a load hook registered first), for the packages' check.
const RECORD = `--import=data:text/javascript,${encodeURIComponent(
  `import { registerHooks } from "node:module"; globalThis.loaded = []; registerHooks({ load(url, context, next) { globalThis.loaded.push(url); return next(url, context); } });`,
)}`;

// Inside the project, so the compiled files find its node_modules as dist/app's do.
mkdirSync(join(root, "node_modules/.cache"), { recursive: true });
const out = mkdtempSync(join(root, "node_modules/.cache/shop-server-build-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));
const compiled = (module: string) => pathToFileURL(join(out, "app", module.replace(/\.ts$/, ".js"))).href;

/** Runs a Node child that imports `imports`, then runs `body`, then reports (PRINT). */
function run(flags: string[], imports: string[], body = ""): Report {
  const script = `${imports.map((i) => `await import(${JSON.stringify(i)});`).join("\n")}\n${body}\n${PRINT}`;
  const child = spawnSync(process.execPath, [...flags, "--no-warnings", "--input-type=module", "-e", script], { cwd: root, encoding: "utf8", timeout: 60_000 });
  if (child.status !== 0) throw new Error(`node exited ${child.status}: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split("\n").at(-1)!) as Report;
}

describe("what a store process loads: its server code compiled at build time", { timeout: 180_000 }, () => {
  beforeAll(() => compileServer(root, out));

  it("loads the whole app, the script npm start serves with and the front's route modules included, without Node's type stripper", () => {
    const app = ["src/server/app.ts", "src/server/run-app.ts", "src/server/front.ts", "src/server/config.ts", "scripts/serve.ts"];
    expect(run([], app.map(compiled)).stripper).toBe(false);
    // The check sees the stripper when it is there: the same modules from source load it.
    expect(run([], ["#server/app.ts", "#server/run-app.ts", "#server/front.ts", "#server/config.ts"]).stripper).toBe(true);
  });

  const dataDir = mkdtempSync(join(out, "data-"));

  it("leaves the AWS SDK unloaded by a store that keeps its files elsewhere (several MB of heap)", () => {
    const openStore = (
      env: Record<string, string>,
      use: string,
    ) => `const { openApp } = await import(${JSON.stringify(compiled("src/server/app.ts"))}); const { loadConfig } = await import(${JSON.stringify(compiled("src/server/config.ts"))});
      const app = await openApp(loadConfig(${JSON.stringify({ DATABASE_URL: `file:${join(dataDir, "shop.db")}`, DATA_DIR: dataDir, LOG_LEVEL: "silent", DEMO_DATA: "off", ...env })}));
      ${use}
      await app.db.destroy();`;
    expect(run([RECORD], [], openStore({}, ""))).toEqual({ stripper: false, awsModules: 0 });
    // The check sees the SDK when it loads: an S3 store's first file operation (nothing listens on port 9).
    const s3 = { UPLOADS_STORE: "s3", UPLOADS_S3_URL: "http://127.0.0.1:9/bucket" };
    expect(run([RECORD], [], openStore(s3, "")).awsModules).toBe(0);
    expect(run([RECORD], [], openStore(s3, `await app.fileStore.get("logos/a.png").catch(() => null);`)).awsModules).toBeGreaterThan(0);
  });
});
