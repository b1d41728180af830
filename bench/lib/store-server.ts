import { readFileSync } from "node:fs";
import { join } from "node:path";
import { withMallocTuning } from "../../scripts/run.mjs";
import { freePort, startChildServer, type ChildServer } from "./child-server.ts";

export const HOST = "127.0.0.1";

/**
 * The store's settings for a run whose many shoppers all call from this one address: sandbox
 * payments, and the per-address sign-in, sign-up and checkout limits lifted (the limits and the
 * hoarding brakes are tested on their own).
 */
export const SHOPPERS_FROM_ONE_ADDRESS = {
  PAYMENT_PROVIDER: "sandbox",
  SIGN_IN_LIMIT_PER_MINUTE: "10000",
  SIGN_UP_LIMIT_PER_MINUTE: "10000",
  CHECKOUT_PREPARE_LIMIT_PER_MINUTE: "100000",
};

function startCommand(root: string): string[] {
  const start = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts["start"] ?? "";
  return start.split(/\s+/);
}

/** The Node flags `npm start` gives the store (package.json of `root`), so the store is measured as it runs. */
export function storeNodeFlags(root: string): string[] {
  return startCommand(root).filter((word) => word.startsWith("--"));
}

/** The script `npm start` runs in `root` (scripts/start.mjs; scripts/start.ts in a checkout from before the server build). */
export function storeStartScript(root: string): string {
  return join(root, startCommand(root).findLast((word) => /^scripts\/start\.[cm]?[jt]s$/.test(word)) ?? "scripts/start.mjs");
}

export interface StoreServerOptions {
  name: string;
  /** The checkout whose scripts/start.mjs runs (another one for a before/after comparison). */
  root: string;
  databaseUrl: string;
  dataDir: string;
  /** Tried first; another free port is taken when it is busy (0: any). */
  preferredPort: number;
  /** The site's address (default: the process's own): processes behind one proxy share it. */
  publicUrl?: string;
  /** Node flags (default: npm start's, storeNodeFlags). */
  nodeFlags?: string[];
  /** Added to the store's environment, over the defaults (demo data, LOG_LEVEL=warn). */
  env?: Record<string, string>;
  /** A first run builds the site. */
  timeoutMs: number;
}

/** The store as `npm start` runs it (scripts/start.mjs with its Node flags and malloc tuning), seeded with the demo data. */
export async function startStoreServer(options: StoreServerOptions): Promise<ChildServer> {
  const port = await freePort(HOST, options.preferredPort);
  return startChildServer({
    name: options.name,
    args: [...(options.nodeFlags ?? storeNodeFlags(options.root)), storeStartScript(options.root)],
    cwd: options.root,
    env: {
      ...withMallocTuning({}),
      DEMO_DATA: "on",
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      LOG_LEVEL: "warn",
      HOST,
      PORT: String(port),
      PUBLIC_URL: options.publicUrl ?? `http://${HOST}:${port}`,
      ASTRO_TELEMETRY_DISABLED: "1",
      ...options.env,
    },
    baseUrl: `http://${HOST}:${port}`,
    healthPath: "/api/health",
    timeoutMs: options.timeoutMs,
  });
}

/** A shopper's session cookie: registers and logs in a new account on the store. */
export async function signedInCookie(baseUrl: string): Promise<string> {
  const account = { acceptTerms: true, email: `bench-${Date.now()}-${Math.floor(Math.random() * 1e6)}@shop.test`, password: "bench shopper password 1" };
  const post = (path: string) => fetch(`${baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(account) });
  const registered = await post("/api/auth/register");
  if (!registered.ok) throw new Error(`POST /api/auth/register answered ${registered.status}`);
  const login = await post("/api/auth/login-user");
  if (!login.ok) throw new Error(`POST /api/auth/login-user answered ${login.status}`);
  const session = login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((cookie) => cookie.includes("session_token"));
  if (session.length === 0) throw new Error("login set no session cookie");
  return session.join("; ");
}

/** The ceiling: node:http writing a prebuilt buffer of `bytes` (bench/ceiling-server.ts), what serving a page from memory can reach. */
export async function startCeilingServer(root: string, bytes: number, preferredPort: number): Promise<ChildServer> {
  const port = await freePort(HOST, preferredPort);
  return startChildServer({
    name: "ceiling",
    args: [join(root, "bench/ceiling-server.ts")],
    cwd: root,
    env: { CEILING_BYTES: String(bytes), HOST, PORT: String(port) },
    baseUrl: `http://${HOST}:${port}`,
    healthPath: "/health",
    timeoutMs: 30_000,
  });
}
