// The guard rails of `npm run check` (issue 16) fail on what they are there to stop: a page that
// imports an adapter (dependency-cruiser for .ts routes, eslint for .astro files, whose imports
// dependency-cruiser cannot read), an island that runs a read model's query, a formatting slip.
// Each case runs the real tool with the repository's own configuration on a small fixture.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../../..");
const require = createRequire(import.meta.url);
const DEPCRUISE = join(root, "node_modules/dependency-cruiser/bin/dependency-cruiser.mjs");
const PRETTIER = join(root, "node_modules/prettier/bin/prettier.cjs");
/** Where `npm run check` keeps dependency-cruiser's results (package.json's check:all): a pass over unchanged files is read back. */
const DEPCRUISE_CACHE = join(root, "node_modules/.cache/dependency-cruiser");
const fixtures: string[] = [];

/** A throwaway tree with these files (path → text), the repository's package.json "imports" and a bare tsconfig. */
function fixtureTree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "guard-rails-"));
  fixtures.push(dir);
  const { imports } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { imports: unknown };
  const all = { "package.json": JSON.stringify({ type: "module", imports }), "tsconfig.json": "{}", ...files };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** dependency-cruiser with the repository's rules over `dir` (a fixture tree or the repository): its exit status and report. */
function depcruise(dir: string, folders: string[], options: string[] = []): Promise<{ status: number | null; report: string }> {
  // Spelled in the repository as check:all spells it: the cache is read back only for the same arguments.
  const config = dir === root ? ".dependency-cruiser.cjs" : join(root, ".dependency-cruiser.cjs");
  return new Promise((done, fail) => {
    const run = spawn(process.execPath, [DEPCRUISE, "--config", config, ...options, ...folders], { cwd: dir });
    let report = "";
    run.stdout.on("data", (chunk: Buffer) => (report += chunk.toString()));
    run.stderr.on("data", (chunk: Buffer) => (report += chunk.toString()));
    run.on("error", fail);
    run.on("close", (status) => done({ status, report }));
  });
}

afterAll(() => {
  for (const dir of fixtures) rmSync(dir, { recursive: true, force: true });
});

/**
 * Every case of the rules below is one corner of a single fixture tree (the cases name different
 * files, so one run's report answers them all), cruised once; and the repository's own pass, with
 * `npm run check`'s cache, at the same time. One dependency-cruiser start costs about 1.5 s of CPU,
 * a pass over the repository about 6 s (about 1 s from the cache `npm run check` left).
 */
const RULE_CASES = {
  "adapters/db/database.ts": "export const openDatabase = () => 1;\n",
  // pages-no-adapters, by a relative path or an alias
  "src/pages/api/relative.ts": 'import { openDatabase } from "#adapters/db/database.ts";\nexport const GET = openDatabase;\n',
  "src/pages/api/aliased.ts": 'import { openDatabase } from "#adapters/db/database.ts";\nexport const GET = openDatabase;\n',
  // islands-no-server: running a read model's query, and importing only its types
  "read-models/shopping/orders.queries.ts": "export interface OrderView { id: string }\nexport const listOrders = () => [];\n",
  "src/islands/Orders.tsx": 'import { listOrders } from "../../read-models/shopping/orders.queries.ts";\nexport const x = listOrders;\n',
  "src/islands/OrderTypes.tsx": 'import type { OrderView } from "../../read-models/shopping/orders.queries.ts";\nexport const x: OrderView[] = [];\n',
  // domain-modules-no-cycles
  "domain/orders/order-rewards.port.ts": "export interface OrderRewards { done(): void }\n",
  "domain/checkout/checkout.ts": 'import { applyStoreCredit } from "../rewards/store-credit.ts";\nexport const credit = applyStoreCredit;\n',
  "domain/rewards/store-credit.ts": "export const applyStoreCredit = (n: number) => n;\n",
  "domain/rewards/order-rewards.ts":
    'import type { OrderRewards } from "../orders/order-rewards.port.ts";\nexport const hooks: OrderRewards = { done() {} };\n',
  // domain-module-listed
  "domain/shared/money.ts": "export type Cents = number;\n",
  "domain/gifting/gift.ts": 'import type { Cents } from "../shared/money.ts";\nexport const gift = (amount: Cents) => amount;\n',
  // server-not-pages
  "src/pages/api/health.ts": "export const GET = () => new Response('ok');\n",
  "src/server/front.ts": 'import * as health from "../pages/api/health.ts";\nexport const modules = { health };\n',
  // nothing-imports-scripts
  "scripts/demo.ts": "export const DEMO = 1;\n",
  "src/server/seed.ts": 'export { DEMO } from "../../scripts/demo.ts";\n',
};

describe("npm run check's dependency rules", { timeout: 60_000 }, () => {
  let fixtures: Promise<{ status: number | null; report: string }>;
  let repository: Promise<{ status: number | null; report: string }>;
  beforeAll(() => {
    fixtures = depcruise(fixtureTree(RULE_CASES), ["domain", "adapters", "read-models", "src", "scripts"]);
    repository = depcruise(root, ["domain", "adapters", "read-models", "src", "scripts"], ["--cache", DEPCRUISE_CACHE, "--cache-strategy", "content"]);
  });

  it("fail on an API route that imports an adapter, by a relative path or an alias", async () => {
    const { status, report } = await fixtures;
    expect(status).not.toBe(0);
    expect(report).toContain("pages-no-adapters: src/pages/api/relative.ts → adapters/db/database.ts");
    expect(report).toContain("pages-no-adapters: src/pages/api/aliased.ts → adapters/db/database.ts");
  });

  it("fail on an island that runs a read model's query, and let it import the query's types", async () => {
    const { report } = await fixtures;
    expect(report).toContain("islands-no-server: src/islands/Orders.tsx → read-models/shopping/orders.queries.ts");
    expect(report).not.toContain("islands-no-server: src/islands/OrderTypes.tsx");
  });

  it("fail on two domain modules that import each other round a loop, though no file imports itself back", async () => {
    const { status, report } = await fixtures;
    expect(status).not.toBe(0);
    expect(report).toContain("domain-modules-no-cycles: domain/checkout/checkout.ts → domain/rewards/store-credit.ts");
    // The other direction (rewards implements the orders module's port) is the allowed one.
    expect(report).not.toContain("domain/rewards/order-rewards.ts → domain/orders/order-rewards.port.ts");
  });

  it("fail on a domain module that has no place in the modules' order", async () => {
    expect((await fixtures).report).toContain("domain-module-listed: domain/gifting/gift.ts → domain/shared/money.ts");
  });

  it("fail on src/server importing a page or an API route file, the front included", async () => {
    const { status, report } = await fixtures;
    expect(status).not.toBe(0);
    expect(report).toContain("server-not-pages: src/server/front.ts → src/pages/api/health.ts");
  });

  it("fail on the store importing from scripts/", async () => {
    expect((await fixtures).report).toContain("nothing-imports-scripts: src/server/seed.ts → scripts/demo.ts");
  });

  it("pass over the repository itself", async () => {
    const { status, report } = await repository;
    expect(report).toContain("no dependency violations found");
    expect(status).toBe(0);
  });

  it("excuse as orphans only modules that some .astro file, the React islands' integration, or astro.config.mjs's aliases import", () => {
    const config = require(join(root, ".dependency-cruiser.cjs")) as { forbidden: { name: string; from: { pathNot?: string[] } }[] };
    const exceptions = config.forbidden
      .find((rule) => rule.name === "no-orphans")!
      .from.pathNot!.filter((p) => /^\^src\/(?!pages\/|middleware|env).*\[\.\]tsx?\$$/.test(p));
    const astroText = spawnSync("git", ["grep", "-h", "-E", '[.]tsx?"', "--", "*.astro"], { cwd: root, encoding: "utf8" }).stdout;
    // build/react-islands.mjs hands Astro its server renderer by its path.
    const integrationText = readFileSync(join(root, "build/react-islands.mjs"), "utf8").replaceAll('new URL("./', '"/');
    // astro.config.mjs's resolve.alias stands a module of ours in for a library's (src/lib/scroll-lock-bar.ts, issue 35).
    const configText = readFileSync(join(root, "astro.config.mjs"), "utf8").replaceAll('new URL("./', '"/');
    expect(exceptions.length).toBeGreaterThan(0);
    for (const pattern of exceptions) {
      const base = pattern
        .replace(/^\^src\//, "")
        .replaceAll("[.]", ".")
        .replace(/\$$/, "")
        .split("/")
        .pop()!;
      expect(astroText + integrationText + configText, `${pattern} is listed as imported only by .astro files, the React integration or an alias`).toContain(
        `/${base}"`,
      );
    }
  });
});

describe("npm run check's eslint", { timeout: 60_000 }, () => {
  it("fails on an .astro page that imports an adapter", async () => {
    const eslint = new ESLint({ cwd: root });
    const page = '---\nimport { openDatabase } from "#adapters/db/database.ts";\nconst db = openDatabase("x");\n---\n<p>{String(db)}</p>\n';
    const [result] = await eslint.lintText(page, { filePath: join(root, "src/pages/guard-rails-fixture.astro") });
    expect(
      result!.messages.map((m) => m.ruleId),
      JSON.stringify(result!.messages),
    ).toContain("no-restricted-imports");
  });
});

describe("npm run check's formatter", { timeout: 60_000 }, () => {
  it("fails on a file that is not formatted", () => {
    const dir = fixtureTree({ ".prettierrc.json": readFileSync(join(root, ".prettierrc.json"), "utf8"), "src/bad.ts": "export const  x = { a:1 }\n" });
    const run = spawnSync(process.execPath, [PRETTIER, "--check", "src/bad.ts"], { cwd: dir, encoding: "utf8" });
    expect(run.status).not.toBe(0);
    const good = spawnSync(process.execPath, [PRETTIER, "--check", join(root, ".prettierrc.json")], { cwd: root, encoding: "utf8" });
    expect(good.status).toBe(0);
  });
});
