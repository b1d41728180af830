// `npm run test:all` (what `npm test` and CI run): every test tier in turn, stopping at the first
// that fails, as the `&&` chain it replaces did, and printing how long each tier took, so that a CI
// log shows where its minutes went (CONTRIBUTING.md, "The tiers and what they cost", keeps the figures).
import { spawnSync } from "node:child_process";

const TIERS = ["check", "test:unit", "test:integration", "test:integration:pg", "test:e2e"];

function minutes(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, "0")}s`;
}

const done: { tier: string; ms: number; ok: boolean }[] = [];
const started = Date.now();

function summary(): void {
  console.log("\ntest:all: time per tier");
  for (const { tier, ms, ok } of done) console.log(`  ${tier.padEnd(22)} ${minutes(ms).padStart(7)}${ok ? "" : "  FAILED"}`);
  console.log(`  ${"total".padEnd(22)} ${minutes(Date.now() - started).padStart(7)}`);
}

for (const tier of TIERS) {
  console.log(`\ntest:all: ${tier} (started ${new Date().toISOString().slice(11, 19)} UTC)`);
  const tierStarted = Date.now();
  const result = spawnSync("npm", ["run", tier], { stdio: "inherit", shell: process.platform === "win32" });
  if (result.error) console.error(`test:all: could not run npm run ${tier}: ${result.error.message}`);
  const ok = result.status === 0;
  done.push({ tier, ms: Date.now() - tierStarted, ok });
  console.log(`test:all: ${tier} ${ok ? "passed" : "failed"} in ${minutes(Date.now() - tierStarted)}`);
  if (!ok) {
    summary();
    process.exit(result.status ?? 1);
  }
}
summary();
