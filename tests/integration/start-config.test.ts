import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dir = mkdtempSync(join(tmpdir(), "shop-start-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function start(env: Record<string, string>) {
  // ENV_FILE points away from a developer's own .env, so only these variables count.
  return spawnSync(process.execPath, ["scripts/run.mjs", "scripts/start.mjs"], {
    env: { PATH: process.env["PATH"] ?? "", ENV_FILE: join(dir, "absent.env"), DATABASE_URL: `file:${join(dir, "shop.db")}`, DATA_DIR: dir, ...env },
    encoding: "utf8",
    timeout: 90_000,
  });
}

// npm start in a child process loads the whole app: more than the suite's 30 s on a busy machine.
describe("npm start's configuration check", { timeout: 120_000 }, () => {
  it("refuses sandbox payments on an https PUBLIC_URL, with one line saying what to set, before building or opening anything", () => {
    const run = start({ PUBLIC_URL: "https://shop.example", PAYMENT_PROVIDER: "sandbox" });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(
      /PAYMENT_PROVIDER=sandbox on an https PUBLIC_URL takes no real payments; set PAYMENT_PROVIDER=paypal, or ALLOW_SANDBOX_PAYMENTS=1/,
    );
    expect(run.stdout).not.toMatch(/building|serving/);
  });

  it("reads .env (ENV_FILE), and the environment wins over the file", () => {
    const file = join(dir, "shop.env");
    writeFileSync(file, "PUBLIC_URL=https://shop.example\nPAYMENT_PROVIDER=sandbox\nPORT=99999\n");
    // From the file: PORT=99999 is invalid; the environment's PORT wins, and the https rule still applies.
    const fromFile = start({ ENV_FILE: file });
    expect(fromFile.status).toBe(1);
    expect(fromFile.stderr).toMatch(/PORT="99999" is invalid/);
    const overridden = start({ ENV_FILE: file, PORT: "4999" });
    expect(overridden.status).toBe(1);
    expect(overridden.stderr).not.toMatch(/PORT/);
    expect(overridden.stderr).toMatch(/PAYMENT_PROVIDER=sandbox on an https PUBLIC_URL/);
  });
});
