import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * AUTH_SECRET signs session and visitor cookies. When it is not configured, one is generated on
 * first start and kept in the data directory (readable only by the store's user), so sessions
 * survive restarts without an operator having to invent a secret. Several app processes sharing
 * DATA_DIR must sign with the same secret: the first to start publishes its secret complete (written
 * to a file of its own, then hard-linked into place, which fails if another got there first), and
 * every other process reads that one.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  const draft = join(dataDir, `auth-secret.${process.pid}.${randomBytes(4).toString("hex")}`);
  writeFileSync(draft, `${secret}\n`, { mode: 0o600, flag: "wx" });
  chmodSync(draft, 0o600);
  try {
    linkSync(draft, file);
    return secret;
  } catch (error) {
    if ((error as { code?: string }).code !== "EEXIST") throw error;
    return readFileSync(file, "utf8").trim(); // another process started first: use its secret
  } finally {
    unlinkSync(draft);
  }
}
