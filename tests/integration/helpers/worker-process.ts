import { spawn } from "node:child_process";
import { join } from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import type { createTestApp } from "./test-app.ts";

type Store = Awaited<ReturnType<typeof createTestApp>>;

/** A child process running one of the helpers: `go()` tells it to start its work; `done` is the last JSON line it printed. */
export interface WorkerProcess<T> {
  go(): void;
  done: Promise<T>;
}

/**
 * Another app process on the test store's database, as a second server would be: the helper script
 * `script` (in this folder) opens the store's database and waits for `go()`, so that several can
 * start their work at the same moment; it prints its result as the last line of its output.
 */
export function startWorkerProcess<T>(script: string, store: Store, env: Record<string, string> = {}): WorkerProcess<T> {
  const child = spawn(process.execPath, [join(import.meta.dirname, script)], {
    env: {
      ...process.env,
      ...env,
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
  const done = new Promise<T>((resolve, reject) =>
    child.once("exit", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").at(-1)!)) : reject(new Error(`worker exited ${code}: ${err}`)))),
  );
  return { go: () => child.stdin.end("go\n"), done };
}

/** An app process running rounds of `outbox` (helpers/outbox-worker.ts); `done` is what it sent. */
export function startOutboxWorker(store: Store, outbox: "mail" | "webhooks", env: Record<string, string> = {}) {
  return startWorkerProcess<{ sent: number; failedRounds: number }>("outbox-worker.ts", store, { ...env, WORKER_OUTBOX: outbox });
}

/**
 * Two app processes deliver `outbox` at the same moment, then a third starts afresh, as after a
 * restart, and finishes whatever a failed round left (a lease held by the other): how many the
 * three sent between them.
 */
export async function deliverFromTwoProcesses(store: Store, outbox: "mail" | "webhooks", env: Record<string, string> = {}): Promise<number> {
  const [a, b] = [startOutboxWorker(store, outbox, env), startOutboxWorker(store, outbox, env)];
  a.go();
  b.go();
  const [fromA, fromB] = await Promise.all([a.done, b.done]);
  return fromA.sent + fromB.sent + (await deliverFromOneProcess(store, outbox, env));
}

/** One more app process delivering `outbox` from a fresh start: how many it sent. */
export async function deliverFromOneProcess(store: Store, outbox: "mail" | "webhooks", env: Record<string, string> = {}): Promise<number> {
  const worker = startOutboxWorker(store, outbox, env);
  worker.go();
  return (await worker.done).sent;
}

/** The orders that payments `paymentIds` made: a race between processes may make at most one each. */
export function ordersOfPayments(db: Kysely<Database>, paymentIds: readonly (string | null)[]) {
  return db
    .selectFrom("orders")
    .select(["id", "paymentId"])
    .where(
      "paymentId",
      "in",
      paymentIds.filter((id) => id !== null),
    )
    .execute();
}
