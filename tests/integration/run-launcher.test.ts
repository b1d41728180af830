import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";

const SYSTEM_NODE = "/usr/bin/node";
const systemVersion = existsSync(SYSTEM_NODE) ? execFileSync(SYSTEM_NODE, ["--version"], { encoding: "utf8" }).trim() : null;

describe("scripts/run.mjs, the npm scripts' launcher", () => {
  it("knows which Node runs the store (type stripping on by default: 22.18+, 23.6+, 24+)", () => {
    const versions = ["v20.20.2", "v22.12.0", "v22.17.1", "v22.18.0", "v23.5.0", "v23.6.0", "v24.0.0", "v26.1.0"];
    const script = `import { isRecentEnough } from "./scripts/run.mjs"; console.log(JSON.stringify(${JSON.stringify(versions)}.map(isRecentEnough)));`;
    const answer = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(JSON.parse(answer)).toEqual([false, false, false, true, false, true, true, true]);
  });

  it("prints its usage and exits 1 without a command", () => {
    const run = spawnSync(process.execPath, ["scripts/run.mjs"], { encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^run: usage: node scripts\/run\.mjs/);
  });

  it("gives Node the flags before the file (npm start sizes the store's heap so) and tunes glibc's malloc (arenas, mmap threshold) unless told otherwise", () => {
    const settings = (env: Record<string, string | undefined>) => {
      const run = spawnSync(
        process.execPath,
        ["scripts/run.mjs", "--max-semi-space-size=8", "--max-old-space-size=256", "tests/integration/helpers/print-process-settings.ts"],
        { encoding: "utf8", env: { ...process.env, ...env } },
      );
      expect(run.status, run.stderr).toBe(0);
      return JSON.parse(run.stdout) as { execArgv: string[]; heapLimitMb: number; mallocArenas: string | null; mmapThreshold: string | null };
    };
    const store = settings({ MALLOC_ARENA_MAX: undefined, MALLOC_MMAP_THRESHOLD_: undefined });
    expect(store.execArgv).toEqual(["--max-semi-space-size=8", "--max-old-space-size=256"]);
    // The old space's 256 MB plus the young generation's.
    expect(store.heapLimitMb).toBeGreaterThanOrEqual(256);
    expect(store.heapLimitMb).toBeLessThan(320);
    expect(store.mallocArenas).toBe("2");
    expect(store.mmapThreshold).toBe("32768");
    const operators = settings({ MALLOC_ARENA_MAX: "4", MALLOC_MMAP_THRESHOLD_: "131072" });
    expect([operators.mallocArenas, operators.mmapThreshold]).toEqual(["4", "131072"]);
  });

  // The README's promise on a Node 20 machine: the npm scripts run the store with Node 24, and
  // the commands they start (vitest, astro, npm) find that Node first on PATH.
  it.skipIf(!systemVersion || Number(systemVersion.slice(1).split(".")[0]) >= 22 || !existsSync(".node"))(
    `started by the machine's ${systemVersion ?? "(no /usr/bin/node)"}, runs TypeScript with Node 24 and puts it first on PATH`,
    () => {
      const run = spawnSync(SYSTEM_NODE, ["scripts/run.mjs", "tests/integration/helpers/print-node-version.ts"], {
        encoding: "utf8",
        env: { ...process.env, PATH: `/usr/bin:${process.env["PATH"] ?? ""}` },
      });
      expect(run.stderr).toBe("");
      const { runs, onPath } = JSON.parse(run.stdout) as { runs: string; onPath: string };
      expect(runs).toMatch(/^v24\./);
      expect(onPath).toBe(runs);
    },
  );
});
