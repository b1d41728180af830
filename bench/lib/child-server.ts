import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { createInterface } from "node:readline";

/** A server the benchmark started as a child process; stop() ends it and everything it spawned. */
export interface ChildServer {
  name: string;
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

export interface ChildServerOptions {
  /** Prefix for the child's forwarded output, e.g. "store". */
  name: string;
  /** Arguments to this Node binary, e.g. ["scripts/start.mjs"]. */
  args: string[];
  cwd: string;
  /** Added to (and overriding) this process's environment. */
  env: Record<string, string>;
  baseUrl: string;
  /** Polled until it answers 200. */
  healthPath: string;
  /** How long to wait for health, build included. */
  timeoutMs: number;
}

const live = new Set<ChildProcess>();
let handlersInstalled = false;

/** Kills a child's whole process group (start.ts runs `astro build` as a grandchild). */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * Children never outlive the benchmark: they are killed on normal exit, on an uncaught error and on
 * Ctrl-C / SIGTERM. They run in their own process group, so a terminal's Ctrl-C reaches only us and
 * we stop them in order.
 */
function installHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on("exit", () => {
    for (const child of live) killGroup(child, "SIGKILL");
  });
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    process.once(signal, () => {
      console.error(`bench: ${signal}, stopping the servers`);
      void stopAll().finally(() => process.exit(code));
    });
  }
}

/** Stops every child still running. */
export async function stopAll(): Promise<void> {
  await Promise.all([...live].map((child) => stopChild(child)));
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    live.delete(child);
    return;
  }
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  killGroup(child, "SIGTERM");
  const timer = setTimeout(() => killGroup(child, "SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
  live.delete(child);
}

/** A port nobody listens on: `preferred` when it is free, otherwise one the system picks. */
export async function freePort(host: string, preferred = 0): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once("error", reject);
      server.listen(port, host, () => {
        const address = server.address();
        const chosen = typeof address === "object" && address ? address.port : port;
        server.close(() => resolve(chosen));
      });
    });
  try {
    return await tryPort(preferred);
  } catch {
    return tryPort(0);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once `${base}/api/health` answers, polled every `pollMs`, for a server a benchmark
 * spawned itself; throws when it exits first or is not healthy within three minutes (a first build
 * takes a while, but never that long).
 */
export async function waitForHealth(base: string, server: ChildProcess, pollMs: number): Promise<void> {
  const deadline = performance.now() + 180_000;
  while (performance.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(pollMs);
  }
  throw new Error("the server did not become healthy within 3 minutes");
}

/**
 * Starts `node <args>` and resolves once GET healthPath answers 200. Its output is forwarded to
 * stderr line by line with a "[name]" prefix, so the report on stdout stays clean. Rejects (after
 * stopping it) when the child exits first or health does not come within timeoutMs.
 */
export async function startChildServer(options: ChildServerOptions): Promise<ChildServer> {
  installHandlers();
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  live.add(child);
  const tail: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => {
      tail.push(line);
      if (tail.length > 20) tail.shift();
      process.stderr.write(`[${options.name}] ${line}\n`);
    });
  }
  const state: { exit: string | null } = { exit: null };
  child.once("exit", (code, signal) => {
    state.exit = signal ? `signal ${signal}` : `code ${code}`;
  });
  child.once("error", (error) => {
    state.exit = error.message;
  });

  const server: ChildServer = { name: options.name, baseUrl: options.baseUrl, pid: child.pid ?? -1, stop: () => stopChild(child) };
  const deadline = performance.now() + options.timeoutMs;
  const healthUrl = new URL(options.healthPath, options.baseUrl).href;
  while (performance.now() < deadline) {
    if (state.exit !== null) break;
    try {
      const response = await fetch(healthUrl, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return server;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  await server.stop();
  const why = state.exit !== null ? `exited (${state.exit})` : `did not answer ${healthUrl} with 200 within ${Math.round(options.timeoutMs / 1000)} s`;
  throw new Error(`${options.name} ${why}; its last output:\n${tail.join("\n")}`);
}
