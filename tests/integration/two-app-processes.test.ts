import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type ChildServer } from "#bench/lib/child-server.ts";
import { SHOPPERS_FROM_ONE_ADDRESS, startStoreServer } from "#bench/lib/store-server.ts";
import { cookieJar, jsonAnswer } from "#bench/lib/cookie-jar.ts";
import { openDatabase, type Db } from "#adapters/db/database.ts";
import { createTestPostgresDatabase, TEST_POSTGRES_URL } from "../support/postgres.ts";
import { TEST_DATABASE } from "./helpers/test-app.ts";
import { ordersOfPayments } from "./helpers/worker-process.ts";

// Two real server processes (node scripts/start.mjs, as in production) on one PostgreSQL database,
// like two upstreams behind nginx. Shoppers check out at both at once for the last units of a
// product, and every capture is sent to both processes at the same moment. Runs in the PostgreSQL
// pass of the integration suite (npm run test:integration:pg); skipped otherwise.
const root = resolve(import.meta.dirname, "../..");
const skip = TEST_DATABASE !== "postgres" || !TEST_POSTGRES_URL;

const title = skip
  ? "two app processes on one PostgreSQL database (skipped: no PostgreSQL in this pass; npm run test:integration:pg runs it when a server answers)"
  : "two app processes on one PostgreSQL database";

describe.skipIf(skip)(title, () => {
  const dir = mkdtempSync(join(tmpdir(), "shop-two-processes-"));
  const servers: ChildServer[] = [];
  let database: Awaited<ReturnType<typeof createTestPostgresDatabase>>;
  let db: Db;
  let publicUrl = "";

  beforeAll(async () => {
    database = await createTestPostgresDatabase();
    const [portA, portB] = [await freePort("127.0.0.1"), await freePort("127.0.0.1")];
    publicUrl = `http://127.0.0.1:${portA}`; // both serve one site, as behind a proxy
    const start = (name: string, port: number) =>
      startStoreServer({
        name,
        root,
        nodeFlags: [],
        databaseUrl: database.url,
        dataDir: dir, // shared: uploads and the auth secret
        preferredPort: port,
        publicUrl,
        // A PostgreSQL store is not seeded unless asked: startStoreServer asks (this test buys demo products).
        env: SHOPPERS_FROM_ONE_ADDRESS,
        timeoutMs: 240_000,
      });
    // One at a time: the first builds the site when dist/ is missing or stale and migrates and
    // seeds the database; the second then finds both ready (two builds at once would collide).
    servers.push(await start("process-a", portA));
    servers.push(await start("process-b", portB));
    db = openDatabase(database.url);
  }, 300_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await db?.destroy();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it("sell at most the stock and make one order per payment when checkouts hit both at once", async () => {
    const [a, b] = servers as [ChildServer, ChildServer];
    const item = await db.selectFrom("products").select(["id", "name"]).where("name", "=", "Titanic Cat").executeTakeFirstOrThrow();
    await db.updateTable("products").set({ stock: 3 }).where("id", "=", item.id).execute();
    // The started stores seeded their demo orders into the event log; only this test's are counted.
    const placedBefore = await db.selectFrom("events").select("payload").where("type", "=", "OrderPlaced").execute();

    const shoppers = Array.from({ length: 10 }, (_, i) => ({ email: `twin${i}@shop.test`, browser: browser(publicUrl), home: i % 2 === 0 ? a : b }));
    for (const { email, browser: call, home } of shoppers) {
      expect(
        (await call(home, "POST", "/api/auth/register", { acceptTerms: true, email, password: "correct horse battery", birthDate: "1990-01-01" })).status,
      ).toBe(201);
      expect((await call(home, "POST", "/api/auth/login-user", { email, password: "correct horse battery" })).status).toBe(200);
      // Sessions live in the database: the other process knows this shopper too.
      expect((await call(home === a ? b : a, "GET", "/api/auth/user")).status).toBe(200);
    }

    // Every cart first (an add after others' holds took the last units is refused, which is not
    // what this test is about and made it flaky); then everyone checks out at once, each at their
    // own process, and each capture goes to both.
    const lines = await Promise.all(shoppers.map(({ browser: call, home }) => call(home, "POST", "/api/cart", { productId: item.id, quantity: 1 })));
    for (const line of lines) expect(line.status, JSON.stringify(line.body)).toBeLessThan(300);
    const outcomes = await Promise.all(
      shoppers.map(async ({ browser: call, home }, i) => {
        const line = lines[i]!;
        const prepared = await call(home, "POST", "/api/checkout/prepare", {
          email: "buyer@shop.test",
          robloxUsername: "Builder_42",
          total: line.body.product.price,
          cartItems: [{ id: line.body.id, quantity: 1 }],
          discountCodeId: null,
          discountAmount: null,
        });
        if (prepared.status !== 201) return { prepared: prepared.status, paymentId: null, captures: [] as number[], answers: [] as any[] };
        const opened = await call(home, "POST", "/paypal/order", { amount: prepared.body.total, currency: "USD", intent: "CAPTURE" });
        expect(opened.status).toBe(201);
        const paymentId = opened.body.id as string;
        const captures = await Promise.all([a, b].map((server) => call(server, "POST", `/paypal/order/${paymentId}/capture`, {})));
        return { prepared: 201, paymentId, captures: captures.map((c) => c.status), answers: captures.map((c) => c.body) };
      }),
    );

    // Three units: three shoppers hold one each, the other seven are told at prepare (409).
    const paid = outcomes.filter((o) => o.paymentId !== null);
    expect(paid).toHaveLength(3);
    expect(outcomes.filter((o) => o.paymentId === null).map((o) => o.prepared)).toEqual(Array(7).fill(409));
    // Of a payment's two captures one places the order (201); the other finds it: 409 "already
    // been captured" naming that same order.
    for (const o of paid) {
      expect([...o.captures].sort(), JSON.stringify(o.answers)).toEqual([201, 409]);
      const placedOrder = o.answers.find((a) => a.status === "COMPLETED")!.order.id;
      expect(o.answers.find((a) => a.error)).toEqual({ error: "This payment has already been captured", orderId: placedOrder });
    }
    const orders = await ordersOfPayments(
      db,
      paid.map((o) => o.paymentId),
    );
    expect(orders).toHaveLength(3);
    expect(new Set(orders.map((o) => o.paymentId)).size).toBe(3);
    const after = await db.selectFrom("products").select("stock").where("id", "=", item.id).executeTakeFirstOrThrow();
    expect(after.stock).toBe(0);
    const placed = await db.selectFrom("events").select("payload").where("type", "=", "OrderPlaced").execute();
    expect(placed.length - placedBefore.length).toBe(3);
  }, 120_000);
});

/** A browser of the site at `origin`: one cookie jar, whichever process it reaches (sessions are in the database). */
function browser(origin: string) {
  const jar = cookieJar();
  return async (server: ChildServer, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> =>
    jsonAnswer(await jar.fetch(`${server.baseUrl}${path}`, method, body, origin));
}
