import { createServer } from "node:http";
import { describe, expect, it } from "vitest";
import type { EventListener } from "../../adapters/repositories/event-log.repository.ts";
import { createApp } from "../../src/server/app.ts";
import { createFront } from "../../src/server/front.ts";
import { stopServing } from "../../src/server/stop-serving.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

// What `npm start` does on SIGTERM (scripts/start.ts calls stopServing), on a real port.
const store = await createTestApp();

describe(`stopping the server on ${TEST_DATABASE}`, () => {
  it("answers and stores the page views under way, refuses new connections, then closes the database", async () => {
    // An app of its own, as the server process has: stopping it closes its pool.
    const app = createApp(store.config);
    let entered!: () => void;
    const writing = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Holds the first group's write open, so the stop begins while views are under way.
    const holding: EventListener = async () => {
      entered();
      await gate;
    };
    app.eventListeners.push(holding);
    const server = createServer(createFront(app, (_req, res) => res.writeHead(404).end()));
    let received = 0;
    let allReceived!: () => void;
    const receivedAll = new Promise<void>((resolve) => (allReceived = resolve));
    server.on("request", () => ++received === 6 && allReceived());
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

    const pages = Array.from({ length: 6 }, (_, i) => `/stopping/${i}`);
    const answers = pages.map((page) =>
      fetch(`${base}/api/tracking/page-view`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ page, pageTitle: page, referrer: null }) }),
    );
    await Promise.all([writing, receivedAll]);
    let stopped = false;
    const stopping = stopServing(server, app).then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false); // it waits for the requests under way
    await expect(fetch(`${base}/api/health`)).rejects.toThrow(); // but takes no new connection
    release();

    expect((await Promise.all(answers)).map((r) => r.status)).toEqual(pages.map(() => 204));
    await stopping;
    const stored = await store.app.db.selectFrom("events").select("payload").where("type", "=", "PageViewed").execute();
    expect(stored.map((e) => JSON.parse(e.payload).page).sort()).toEqual(pages);
    // Its pool is closed: the process can end.
    await expect(app.db.selectFrom("events").select("id").execute()).rejects.toThrow();
  });
});
