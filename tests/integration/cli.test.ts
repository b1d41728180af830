import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dir = mkdtempSync(join(tmpdir(), "shop-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(...args: string[]) {
  const result = spawnSync(process.execPath, ["scripts/cli.ts", ...args], {
    env: { ...process.env, DATABASE_URL: `file:${join(dir, "shop.db")}`, LOG_LEVEL: "silent" },
    encoding: "utf8",
  });
  return { code: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}

// Each test runs the CLI in child processes (each loads the app: seconds of CPU apiece); on a busy
// machine that is more than the suite's 30 s.
describe("npm run cli", { timeout: 120_000 }, () => {
  it("seed adds the demo catalogue once and is idempotent", () => {
    const first = cli("seed");
    expect(first.code).toBe(0);
    const [catalogue, content] = first.out.split("\n");
    expect(catalogue).toMatch(/^seed: added 10 games and \d+ products; 0 games were already present$/);
    expect(content).toMatch(/^seed: added (1[2-9]|[2-9]\d) FAQs and ([6-9]|\d\d) blog posts$/);
    const second = cli("seed");
    expect(second.out).toBe("seed: added 0 games and 0 products; 10 games were already present\nseed: added 0 FAQs and 0 blog posts");
  });

  it("admin create makes an administrator, and again resets its password", () => {
    const first = cli("admin", "create", "--email", "Owner@Shop.test", "--password", "first-password");
    expect(first).toMatchObject({ code: 0, out: "admin: owner@shop.test created as an administrator" });
    const again = cli("admin", "create", "--email", "owner@shop.test", "--password", "second-password");
    expect(again).toMatchObject({ code: 0, out: "admin: owner@shop.test is an administrator with the given password; all its sessions were ended" });
    const same = cli("admin", "create", "--email", "owner@shop.test", "--password", "second-password");
    expect(same).toMatchObject({ code: 0, out: "admin: owner@shop.test is an administrator with the given password" });
    const bad = cli("admin", "create", "--email", "owner@shop.test");
    expect(bad.code).toBe(1);
    expect(bad.err).toBe("usage: npm run cli -- admin create --email E --password P [--yes]");
  });

  it("backup writes a copy and refuses to overwrite", () => {
    const target = join(dir, "backup.db");
    const first = cli("backup", target);
    expect(first.code).toBe(0);
    expect(existsSync(target)).toBe(true);
    const again = cli("backup", target);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/already exists/);
  });

  it("fails with a clear message for an unknown command or bad configuration", () => {
    const unknown = cli("frobnicate");
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/Unknown command "frobnicate"/);
    const bad = spawnSync(process.execPath, ["scripts/cli.ts", "seed"], { env: { ...process.env, PORT: "nope" }, encoding: "utf8" });
    expect(bad.status).toBe(1);
    expect(bad.stderr.trim()).toBe('Invalid configuration: PORT="nope" is invalid: Invalid input: expected number, received NaN');
  });
});
