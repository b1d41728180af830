import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writePrestripped } from "#src/lib/prestripped.mjs";

// npm start runs the build's type-stripped copies of the store's own modules
// (scripts/prestripped-hooks.mjs), so its process never loads Node's type stripper (amaro, a
// WebAssembly build of swc: about 20 MB resident). process.moduleLoadList names every internal
// module Node loaded, amaro among them once it strips a file.
const root = resolve(import.meta.dirname, "../..");
const HOOKS = "--import=./scripts/prestripped-hooks.mjs";
// What the child reports: whether it loaded the stripper, the last imported module's `answer`, and
// (with RECORD) how many AWS SDK modules it loaded.
const PRINT = `console.log(JSON.stringify({
  stripper: process.moduleLoadList.some((m) => m.includes("amaro")),
  answer: globalThis.answer ?? null,
  awsModules: globalThis.loaded?.filter((url) => url.includes("/@aws-sdk/")).length ?? null,
}));`;
type Report = { stripper: boolean; answer: number | null; awsModules: number | null };
// Records every module URL the process loads (a load hook registered first), for the packages' check.
const RECORD = `--import=data:text/javascript,${encodeURIComponent(
  `import { registerHooks } from "node:module"; globalThis.loaded = []; registerHooks({ load(url, context, next) { globalThis.loaded.push(url); return next(url, context); } });`,
)}`;

/** Runs a Node child that imports `imports`, then runs `body`, then reports (PRINT). */
function run(cwd: string, flags: string[], imports: string[], body = ""): Report {
  const script = `${imports.map((i) => `globalThis.answer = (await import(${JSON.stringify(i)})).answer;`).join("\n")}\n${body}\n${PRINT}`;
  const child = spawnSync(process.execPath, [...flags, "--no-warnings", "--input-type=module", "-e", script], { cwd, encoding: "utf8", timeout: 60_000 });
  if (child.status !== 0) throw new Error(`node exited ${child.status}: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split("\n").at(-1)!) as Report;
}

describe("what a store process loads: its modules stripped of their types at build time", { timeout: 120_000 }, () => {
  it("load the whole app, pages' entry points included, without Node's type stripper", () => {
    writePrestripped(root); // what every `astro build` does last
    const app = ["#server/app.ts", "#server/run-app.ts", "#server/front.ts", "#server/config.ts"];
    expect(run(root, [HOOKS], app).stripper).toBe(false);
    // The check sees the stripper when it is there: the same imports without the hooks load it.
    expect(run(root, [], app).stripper).toBe(true);
  });

  const dataDir = mkdtempSync(join(tmpdir(), "shop-prestripped-app-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("leave the AWS SDK unloaded by a store that keeps its files elsewhere (several MB of heap)", () => {
    const openStore = (
      env: Record<string, string>,
      use: string,
    ) => `const { openApp } = await import("#server/app.ts"); const { loadConfig } = await import("#server/config.ts");
      const app = await openApp(loadConfig(${JSON.stringify({ DATABASE_URL: `file:${join(dataDir, "shop.db")}`, DATA_DIR: dataDir, LOG_LEVEL: "silent", DEMO_DATA: "off", ...env })}));
      ${use}
      await app.db.destroy();`;
    expect(run(root, [RECORD, HOOKS], [], openStore({}, "")).awsModules).toBe(0);
    // The check sees the SDK when it loads: an S3 store's first file operation (nothing listens on port 9).
    const s3 = { UPLOADS_STORE: "s3", UPLOADS_S3_URL: "http://127.0.0.1:9/bucket" };
    expect(run(root, [RECORD, HOOKS], [], openStore(s3, "")).awsModules).toBe(0);
    expect(run(root, [RECORD, HOOKS], [], openStore(s3, `await app.fileStore.get("logos/a.png").catch(() => null);`)).awsModules).toBeGreaterThan(0);
  });

  describe("in a project whose source changes after the build", () => {
    const project = mkdtempSync(join(tmpdir(), "shop-prestripped-"));
    afterAll(() => rmSync(project, { recursive: true, force: true }));
    mkdirSync(join(project, "domain"), { recursive: true });
    cpSync(join(root, "scripts/prestripped-hooks.mjs"), join(project, "scripts/prestripped-hooks.mjs"));
    cpSync(join(root, "src/lib/prestripped.mjs"), join(project, "src/lib/prestripped.mjs"));
    writeFileSync(join(project, "package.json"), JSON.stringify({ type: "module" }));
    const module = join(project, "domain/answer.ts");

    it("runs the copy while the source is the one it was made from", () => {
      writeFileSync(module, "export const answer: number = 1;\n");
      writePrestripped(project);
      expect(run(project, [HOOKS], [module])).toMatchObject({ stripper: false, answer: 1 });
    });

    it("runs the edited source, stripped by Node, never the stale copy", () => {
      writeFileSync(module, "export const answer: number = 2;\n");
      expect(run(project, [HOOKS], [module])).toMatchObject({ stripper: true, answer: 2 });
    });

    it("leaves every module to Node when there is no build", () => {
      rmSync(join(project, "dist"), { recursive: true, force: true });
      expect(run(project, [HOOKS], [module])).toMatchObject({ stripper: true, answer: 2 });
    });
  });
});
