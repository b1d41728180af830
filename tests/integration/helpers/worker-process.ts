import { spawn } from "node:child_process";
import { join } from "node:path";
import type { createTestApp } from "./test-app.ts";

type Store = Awaited<ReturnType<typeof createTestApp>>;

/**
 * Another app process on the test store's database (helpers/outbox-worker.ts), as a second server
 * would be: `go()` lets it run its rounds of `outbox`; `done` is what it sent.
 */
export function startOutboxWorker(store: Store, outbox: "mail" | "webhooks", env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [join(import.meta.dirname, "outbox-worker.ts")], {
    env: {
      ...process.env,
      ...env,
      WORKER_OUTBOX: outbox,
      DATABASE_URL: store.config.databaseUrl,
      DATA_DIR: store.config.dataDir,
      LOG_LEVEL: "silent",
      PUBLIC_URL: store.config.publicUrl,
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk) => (out += chunk));
  child.stderr.on("data", (chunk) => (err += chunk));
  const done = new Promise<{ sent: number; failedRounds: number }>((resolve, reject) =>
    child.once("exit", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").at(-1)!)) : reject(new Error(`worker exited ${code}: ${err}`)))),
  );
  return { go: () => child.stdin.end("go\n"), done };
}
