import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type ChildServer } from "#bench/lib/child-server.ts";
import { SHOPPERS_FROM_ONE_ADDRESS, startStoreServer } from "#bench/lib/store-server.ts";
import { cookieJar } from "#bench/lib/cookie-jar.ts";
import { openDatabase, type Db } from "#adapters/db/database.ts";
import { realImage } from "../support/images.ts";
import { createTestPostgresDatabase, TEST_POSTGRES_URL } from "../support/postgres.ts";
import { TEST_DATABASE } from "./helpers/test-app.ts";

// Two machines (issue 39): two real store processes (scripts/start.mjs), each with a DATA_DIR of its
// own as two machines would have, on one PostgreSQL database, behind a round-robin proxy written
// here with node:http. Nothing is shared but the database: no AUTH_SECRET, no shared disk.
const root = resolve(import.meta.dirname, "../..");
const skip = TEST_DATABASE !== "postgres" || !TEST_POSTGRES_URL;
const title = skip
  ? "two machines behind a round-robin proxy (skipped: no PostgreSQL in this pass; npm run test:integration:pg runs it)"
  : "two machines behind a round-robin proxy";
const ADMIN = { email: "owner@shop.test", password: "owner-password-1" };
const PASSWORD = "correct horse battery";

describe.skipIf(skip)(title, () => {
  const dirs = [mkdtempSync(join(tmpdir(), "shop-machine-a-")), mkdtempSync(join(tmpdir(), "shop-machine-b-"))];
  const servers: ChildServer[] = [];
  let database: Awaited<ReturnType<typeof createTestPostgresDatabase>>;
  let db: Db;
  let proxy: Server;
  let origin = "";

  beforeAll(async () => {
    database = await createTestPostgresDatabase();
    const ports = [await freePort("127.0.0.1"), await freePort("127.0.0.1"), await freePort("127.0.0.1")] as const;
    origin = `http://127.0.0.1:${ports[2]}`;
    const start = (name: string, port: number, dataDir: string) =>
      startStoreServer({
        name,
        root,
        nodeFlags: [],
        databaseUrl: database.url,
        dataDir,
        preferredPort: port,
        publicUrl: origin,
        env: { ...SHOPPERS_FROM_ONE_ADDRESS, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
        timeoutMs: 240_000,
      });
    // One at a time: the first builds when dist/ is stale, migrates and seeds.
    servers.push(await start("machine-a", ports[0], dirs[0]!));
    servers.push(await start("machine-b", ports[1], dirs[1]!));
    db = openDatabase(database.url);
    proxy = roundRobinProxy(servers.map((s) => new URL(s.baseUrl)));
    await new Promise<void>((done) => proxy.listen(ports[2], "127.0.0.1", done));
  }, 300_000);

  afterAll(async () => {
    await new Promise((done) => proxy?.close(done));
    for (const server of servers) await server.stop();
    await db?.destroy();
    await database?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it("a logo uploaded through one machine is served by the other; a session made on one is valid on the other", async () => {
    const admin = browser(origin);
    // Signed in through whichever machine the proxy picks; every later call alternates machines.
    expect((await admin("POST", "/api/auth/login", ADMIN)).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      const me = await admin("GET", "/api/auth/user");
      expect(me.status).toBe(200);
      expect(me.body.email).toBe(ADMIN.email);
    }
    expect(new Set(admin.servedBy)).toEqual(new Set(["0", "1"]));

    const png = await realImage("png");
    const uploaded = await admin("POST", "/api/admin/upload-logo", { base64Image: png.toString("base64"), filename: "logo.png" });
    expect(uploaded.status).toBe(201);
    const uploadedOn = admin.servedBy.at(-1);
    // The next two reads reach both machines, the other one included.
    for (let i = 0; i < 2; i++) {
      const logo = await fetchVia(origin, uploaded.body.url as string);
      expect(logo.status).toBe(200);
      expect(logo.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect((await logo.arrayBuffer()).byteLength).toBeGreaterThan(0);
      if (logo.headers.get("x-served-by") !== uploadedOn) return void expect(logo.headers.get("etag")).toMatch(/^"[\w-]{43}"$/);
    }
    throw new Error("the logo was never read from the machine that did not store it");
  }, 60_000);

  it("a delivery proof stays private on both machines: its owner and staff read it on either, nobody else on any", async () => {
    const admin = browser(origin);
    expect((await admin("POST", "/api/auth/login", ADMIN)).status).toBe(200);
    const item = await db.selectFrom("products").select(["id"]).where("name", "=", "Titanic Cat").executeTakeFirstOrThrow();
    await db.updateTable("products").set({ stock: 10 }).where("id", "=", item.id).execute();
    const [owner, nosy] = [browser(origin), browser(origin)];
    for (const [shopper, email] of [
      [owner, "owner-shopper@shop.test"],
      [nosy, "nosy-shopper@shop.test"],
    ] as const) {
      expect((await shopper("POST", "/api/auth/register", { acceptTerms: true, email, password: PASSWORD, birthDate: "1990-01-01" })).status).toBe(201);
      expect((await shopper("POST", "/api/auth/login-user", { email, password: PASSWORD })).status).toBe(200);
    }
    const line = await owner("POST", "/api/cart", { productId: item.id, quantity: 1 });
    expect(line.status).toBeLessThan(300);
    const prepared = await owner("POST", "/api/checkout/prepare", {
      email: "owner-shopper@shop.test",
      robloxUsername: "Builder_42",
      total: line.body.product.price,
      cartItems: [{ id: line.body.id, quantity: 1 }],
      discountCodeId: null,
      discountAmount: null,
    });
    expect(prepared.status).toBe(201);
    const opened = await owner("POST", "/paypal/order", { amount: prepared.body.total, currency: "USD", intent: "CAPTURE" });
    const captured = await owner("POST", `/paypal/order/${opened.body.id}/capture`, {});
    expect(captured.status).toBe(201);
    const orderId = captured.body.order.id as string;

    const proof = await admin("POST", `/api/admin/orders/${orderId}/proof`, { base64Image: (await realImage("jpeg")).toString("base64") });
    expect(proof.status).toBe(201);
    const file = (proof.body.url as string).split("/").pop()!;
    const path = `/api/orders/${orderId}/proofs/${file}`;
    // Each reader asks twice, so the round-robin proxy sends one of the two to each machine.
    for (const [reader, expected] of [
      [owner, 200],
      [admin, 200],
      [nosy, 403],
      [browser(origin), 401],
    ] as const) {
      const answers = [await reader("GET", path), await reader("GET", path)];
      expect(answers.map((a) => a.status)).toEqual([expected, expected]);
      expect(new Set(reader.servedBy.slice(-2))).toEqual(new Set(["0", "1"]));
    }
    for (let i = 0; i < 2; i++) expect((await fetchVia(origin, `/uploads/proofs/${file}`)).status).toBe(404);
  }, 60_000);

  it("neither machine wrote uploads or a secret to its own DATA_DIR: both live in the database", async () => {
    for (const dir of dirs) {
      expect(existsSync(join(dir, "auth-secret")), dir).toBe(false);
      expect(existsSync(join(dir, "uploads")) ? readdirSync(join(dir, "uploads")) : [], dir).toEqual([]);
      expect(existsSync(join(dir, "proofs")), dir).toBe(false);
    }
    const secrets = await db.selectFrom("auth_secrets").select("version").execute();
    expect(secrets).toHaveLength(1);
    const files = await db.selectFrom("stored_files").select("key").execute();
    expect(files.map((f) => f.key.split("/")[0]).sort()).toEqual(["logos", "proofs"]);
  });
});

/**
 * The tiny load balancer of this test: each request goes to the next upstream in turn, streamed
 * both ways, with `x-served-by: <index>` added to the answer so the test can tell who served it.
 */
function roundRobinProxy(upstreams: URL[]): Server {
  let next = 0;
  return createServer((req, res) => {
    const index = next++ % upstreams.length;
    const upstream = upstreams[index]!;
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-served-by": String(index) });
        answer.pipe(res);
      },
    );
    forward.on("error", () => res.writeHead(502).end());
    req.pipe(forward);
  });
}

async function fetchVia(origin: string, path: string): Promise<Response> {
  return fetch(`${origin}${path}`);
}

/** A browser of the site: one cookie jar; remembers which machine served each of its calls. */
function browser(origin: string) {
  const jar = cookieJar();
  const servedBy: string[] = [];
  const call = async (method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> => {
    const response = await jar.fetch(`${origin}${path}`, method, body, origin);
    servedBy.push(response.headers.get("x-served-by") ?? "?");
    const text = await response.text();
    const json = response.headers.get("content-type")?.includes("json");
    return { status: response.status, body: text && json ? JSON.parse(text) : text };
  };
  return Object.assign(call, { servedBy });
}
