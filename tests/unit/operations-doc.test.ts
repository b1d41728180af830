import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { UPLOAD_BODY_LIMIT } from "#server/schemas/catalogue-admin.schemas.ts";
import { SCREENSHOT_BODY_LIMIT } from "#server/schemas/rewards.schemas.ts";

const doc = readFileSync(resolve(import.meta.dirname, "../../docs/operations.md"), "utf8");
const UNITS: Record<string, number> = { "": 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };

// Regression: the README's nginx example had client_max_body_size 6m, below the app's base64
// upload limit, so nginx refused the largest images the app allows.
describe("docs/operations.md", () => {
  it("lets nginx pass the largest body the app accepts (a 5 MiB image as base64)", () => {
    const sizes = [...doc.matchAll(/client_max_body_size\s+(\d+)([kmg]?);/gi)].map((m) => Number(m[1]) * UNITS[m[2]!.toLowerCase()]!);
    expect(sizes.length).toBeGreaterThan(0);
    for (const size of sizes) expect(size).toBeGreaterThan(Math.max(UPLOAD_BODY_LIMIT, SCREENSHOT_BODY_LIMIT));
  });

  it("has a systemd unit whose stop timeout leaves the store's 5 s grace period room", () => {
    const timeout = Number(/TimeoutStopSec=(\d+)/.exec(doc)?.[1]);
    expect(timeout).toBeGreaterThan(5);
    expect(doc).toMatch(/ExecStart=.*scripts\/start\.mjs/);
  });

  it("starts the store under systemd with npm start's heap flags", () => {
    const start = (JSON.parse(readFileSync(resolve(import.meta.dirname, "../../package.json"), "utf8")) as { scripts: { start: string } }).scripts.start;
    const flags = start.split(/\s+/).filter((word) => word.startsWith("--"));
    expect(flags.length).toBeGreaterThan(0);
    const execStart = /ExecStart=(.*)/.exec(doc)![1]!;
    for (const flag of flags) expect(execStart).toContain(flag);
  });
});
