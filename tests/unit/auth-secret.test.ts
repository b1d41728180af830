import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resolveAuthSecret } from "#adapters/auth/auth-secret.ts";

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "shop-secret-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("resolveAuthSecret", () => {
  it("uses AUTH_SECRET when configured, and writes nothing", () => {
    const dir = dataDir();
    expect(resolveAuthSecret("configured-secret", dir)).toBe("configured-secret");
    expect(readdirSync(dir)).toEqual([]);
  });

  it("generates one secret on first start, keeps it private and answers it on every later start", () => {
    const dir = dataDir();
    const first = resolveAuthSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(40);
    expect(resolveAuthSecret(undefined, dir)).toBe(first);
    expect(readdirSync(dir)).toEqual(["auth-secret"]); // no draft left behind
    expect(statSync(join(dir, "auth-secret")).mode & 0o777).toBe(0o600);
  });

  it("a second process that finds the secret already published uses it (shared DATA_DIR)", () => {
    const dir = dataDir();
    writeFileSync(join(dir, "auth-secret"), "published-by-process-a\n");
    expect(resolveAuthSecret(undefined, dir)).toBe("published-by-process-a");
    expect(readFileSync(join(dir, "auth-secret"), "utf8")).toBe("published-by-process-a\n");
  });
});
