import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "#adapters/log/logger.ts";
import * as productById from "#src/pages/api/products/[id].ts";
import { createServer } from "node:http";
import { createApp } from "#server/app.ts";
import { createFront } from "#server/front.ts";
import { captureCall, preparedPayment, product, setStock, signIn } from "./helpers/shoppers.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

const store = await createTestApp();
const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

/** A process whose log lines are kept here (pino's JSON lines, parsed). */
function loggingApp() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = createApp(store.config, { log: createLogger("info", sink), secrets: store.app.secrets });
  return { app, lines };
}

describe(`request ids on ${TEST_DATABASE}`, () => {
  it("every answer carries X-Request-Id: the trace id of a valid traceparent, else a new one", async () => {
    const item = await product(store, "Titanic Cat");
    const get = (headers: Record<string, string> = {}) => store.call(productById.GET, `/api/products/${item.id}`, { params: { id: item.id }, headers });
    expect((await get({ traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01` })).headers.get("x-request-id")).toBe(TRACE_ID);
    const fresh = [
      await get(),
      await get(),
      await get({ traceparent: "00-00000000000000000000000000000000-00f067aa0ba902b7-01" }),
      await get({ traceparent: "nonsense" }),
    ];
    const ids = fresh.map((r) => r.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("every log line a request causes carries its id", async () => {
    const { app, lines } = loggingApp();
    const item = await product(store, "Titanic Cat");
    const res = await store.call(productById.GET, `/api/products/${item.id}`, {
      params: { id: item.id },
      app,
      headers: { traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01` },
    });
    expect(res.status).toBe(200);
    const requestLine = lines.find((line) => line["msg"] === "request" && line["path"] === `/api/products/${item.id}`);
    expect(requestLine).toMatchObject({ requestId: TRACE_ID, status: 200 });
    await app.db.destroy();
  });

  it("an email a request queues keeps the request's id on its outbox row", async () => {
    const item = await product(store, "Titanic Cat");
    await setStock(store, item.id, 10);
    const shopper = await signIn(store, "traced@shop.test");
    const { paymentId } = await preparedPayment(shopper, item.id, 1);
    const captured = await captureCall(shopper, paymentId);
    expect(captured.status).toBe(201);
    const requestId = captured.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f]{32}$/);
    const rows = await store.app.db.selectFrom("mail_outbox").select(["recipient", "requestId"]).where("requestId", "=", requestId).execute();
    // The receipt, to the checkout's address (preparedPayment's buyer@shop.test).
    expect(rows.map((r) => r.recipient)).toContain("buyer@shop.test");
  });

  it("the server's front gives every request its id first: answered by the front or by Astro, logged with it", async () => {
    const { app, lines } = loggingApp();
    let seenByAstro: string | undefined;
    const server = createServer(
      createFront(app, (_req, res) => {
        // What Astro's handler would do: its log lines carry the id the front gave.
        app.log.info({ where: "astro" }, "rendering");
        seenByAstro = "yes";
        res.writeHead(200, { "content-type": "text/html" }).end("<p>page</p>");
      }),
    );
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    try {
      const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      const page = await fetch(`${base}/about`, { headers: { traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01` } });
      expect(page.headers.get("x-request-id")).toBe(TRACE_ID);
      expect(seenByAstro).toBe("yes");
      expect(lines.find((line) => line["where"] === "astro")).toMatchObject({ requestId: TRACE_ID });
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
      expect(health.headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/);
      expect(health.headers.get("x-request-id")).not.toBe(TRACE_ID);
    } finally {
      await new Promise((done) => server.close(done));
      await app.db.destroy();
    }
  });
});
