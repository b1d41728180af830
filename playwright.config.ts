import { defineConfig, devices } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { JOURNEY_STORE_ENV, robloxFixtureEnv } from "./tests/e2e/store-env.ts";

// Browser journeys run against the built server (`npm start` minus the build step's check) on its
// own temporary database, in Debian's Chromium: no test tool downloads a browser.
const PORT = Number(process.env["E2E_PORT"] ?? 4391);
const baseURL = `http://localhost:${PORT}`;
const dataDir = process.env["E2E_DATA_DIR"] ?? mkdtempSync(join(tmpdir(), "shop-e2e-"));
process.env["E2E_DATA_DIR"] = dataDir; // workers re-read this file; keep one database for the run
// A second store, configured as a public test shop (https PUBLIC_URL, sandbox allowed on purpose),
// for what only such a shop shows: tests/e2e/public-sandbox.spec.ts.
const PUBLIC_SANDBOX_PORT = PORT + 1;
// Roblox's web APIs, replayed from their documented answers (tests/fixtures/roblox/README.md).
const ROBLOX_FIXTURE_PORT = PORT + 2;
const robloxFixtures = `http://127.0.0.1:${ROBLOX_FIXTURE_PORT}`;
const robloxEnv = robloxFixtureEnv(robloxFixtures);
process.env["E2E_ROBLOX_FIXTURES"] = robloxFixtures; // for the stores a spec starts itself (tests/e2e/spawned-store.ts)
const sandboxDir = process.env["E2E_SANDBOX_DATA_DIR"] ?? mkdtempSync(join(tmpdir(), "shop-e2e-sandbox-"));
process.env["E2E_SANDBOX_DATA_DIR"] = sandboxDir;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env["CI"] ? 1 : 0,
  reporter: process.env["CI"] ? [["list"]] : [["list"]],
  timeout: 30_000,
  // CI runs on two shared cores; password hashing and first renders can take a few seconds there.
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // Every journey (and every extra browser context it opens) starts as a visitor who has seen the
    // first-visit promo, which would otherwise cover what it clicks; the promo's own tests reset this.
    // Likewise it has answered the analytics consent banner (issue 20; tests/e2e/account-data.spec.ts
    // starts without the answer).
    storageState: {
      cookies: [{ name: "shop_analytics", value: "granted", domain: "localhost", path: "/", expires: -1, httpOnly: false, secure: false, sameSite: "Lax" }],
      origins: [{ origin: baseURL, localStorage: [{ name: "hasSeenPromo", value: "true" }] }],
    },
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } },
    { name: "mobile", use: { ...devices["Pixel 7"], channel: undefined }, grep: /@mobile/ },
  ],
  webServer: [
    {
      command: "node tests/support/serve-roblox-fixtures.ts",
      url: `${robloxFixtures}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { ROBLOX_FIXTURE_PORT: String(ROBLOX_FIXTURE_PORT) },
    },
    {
      command: "node scripts/start.mjs",
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(PORT),
        HOST: "localhost",
        DATABASE_URL: `file:${join(dataDir, "shop.db")}`,
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        ...JOURNEY_STORE_ENV,
        ...robloxEnv,
      },
    },
    {
      command: "node scripts/start.mjs",
      url: `http://localhost:${PUBLIC_SANDBOX_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(PUBLIC_SANDBOX_PORT),
        HOST: "localhost",
        DEMO_DATA: "on",
        DATABASE_URL: `file:${join(sandboxDir, "shop.db")}`,
        DATA_DIR: sandboxDir,
        LOG_LEVEL: "warn",
        PUBLIC_URL: "https://shop.example",
        PAYMENT_PROVIDER: "sandbox",
        ALLOW_SANDBOX_PAYMENTS: "1",
        ...robloxEnv,
      },
    },
  ],
});
