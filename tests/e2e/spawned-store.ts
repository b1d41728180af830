import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A port the system has free now: a spec's own store takes none of the run's E2E_PORT range. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface SpawnedStore {
  /** "http://localhost:PORT". */
  base: string;
  /** Its DATA_DIR (its emails are .eml files under outbox/). */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * A store of a spec's own, for what only another configuration shows (an empty store, Stripe
 * beside the sandbox): the built server (`scripts/start.mjs`, the build the run's stores already
 * made) on a free port and a fresh temporary database, with `env` over its port, address and
 * data. Started once in a spec's beforeAll (a few seconds), stopped in its afterAll.
 */
export async function startStore(env: Record<string, string>): Promise<SpawnedStore> {
  const dataDir = mkdtempSync(join(tmpdir(), "shop-e2e-own-"));
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const server = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "localhost",
      DATABASE_URL: `file:${join(dataDir, "shop.db")}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      PUBLIC_URL: base,
      ...env,
    },
    stdio: "ignore",
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 240; i++) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { base, dataDir, stop };
    if (server.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`the store with ${JSON.stringify(env)} did not start`);
}
