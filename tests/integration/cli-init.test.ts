import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseEnv } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";

const dir = mkdtempSync(join(tmpdir(), "shop-init-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `npm run cli -- init ...` with these lines typed on stdin. */
function init(args: string[], typed: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["scripts/cli.ts", "init", ...args], { env: { PATH: process.env["PATH"] ?? "", ENV_FILE: join(dir, "none.env") } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(typed.map((line) => `${line}\n`).join(""));
  });
}

describe("npm run cli -- init", () => {
  it("walks an owner through the set-up on stdin and writes a .env the store accepts", async () => {
    const file = join(dir, "owner.env");
    const typed = ["Pixel Loot", "https://pixelloot.example", "", "owner@pixelloot.example", "a long password", "paypal", "live-id", "live-secret", ""];
    const run = await init(["--file", file], typed);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Shop name \[BloxBazaar\]: /);
    expect(run.stdout).toMatch(/Support email shown to shoppers \[support@pixelloot.example\]: /);
    expect(run.stdout).toMatch(/init: wrote .*owner\.env \(\d+ settings\); npm start creates the administrator owner@pixelloot.example/);
    const env = parseEnv(readFileSync(file, "utf8"));
    expect(env).toMatchObject({
      SHOP_NAME: "Pixel Loot",
      PUBLIC_URL: "https://pixelloot.example",
      SUPPORT_EMAIL: "support@pixelloot.example",
      ADMIN_EMAIL: "owner@pixelloot.example",
      ADMIN_PASSWORD: "a long password",
      PAYMENT_PROVIDER: "paypal",
      PAYPAL_CLIENT_ID: "live-id",
      PAYPAL_API_BASE: "https://api-m.paypal.com",
      DEMO_DATA: "off",
      TRUST_PROXY: "1",
    });
    expect(env["AUTH_SECRET"]!.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o077).toBe(0); // secrets: readable by the owner only
    const config = loadConfig(env);
    expect(config.shop).toEqual({ name: "Pixel Loot", supportEmail: "support@pixelloot.example" });
    expect(config.demoData).toBe(false);
    expect(config.payments.provider).toBe("paypal");
  });

  it("refuses a public https shop on sandbox payments and writes nothing", async () => {
    const file = join(dir, "sandbox.env");
    const typed = ["", "https://shop.example", "", "", "sandbox", ""];
    const run = await init(["--file", file], typed);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/init: Invalid configuration: PAYMENT_PROVIDER=sandbox on an https PUBLIC_URL .*; nothing written/);
    expect(() => statSync(file)).toThrow();
  });

  it("takes flags without questions (--yes) and keeps an existing .env unless --force", () => {
    const file = join(dir, "flags.env");
    writeFileSync(file, "SHOP_NAME=Old\n");
    const cli = (args: string[]) =>
      spawnSync(process.execPath, ["scripts/cli.ts", "init", "--file", file, "--yes", ...args], { encoding: "utf8", env: { PATH: process.env["PATH"] ?? "" } });
    const kept = cli(["--shop-name", "New"]);
    expect(kept.status).toBe(1);
    expect(kept.stderr).toMatch(/exists; nothing written \(--force overwrites it\)/);
    expect(readFileSync(file, "utf8")).toBe("SHOP_NAME=Old\n");
    const written = cli(["--force", "--shop-name", "Robux Corner", "--support-email", "help@corner.example"]);
    expect(written.status).toBe(0);
    const env = parseEnv(readFileSync(file, "utf8"));
    expect(env).toMatchObject({ SHOP_NAME: "Robux Corner", SUPPORT_EMAIL: "help@corner.example", PAYMENT_PROVIDER: "sandbox", DEMO_DATA: "on" });
    expect(loadConfig(env).payments.provider).toBe("sandbox");
  });
});
