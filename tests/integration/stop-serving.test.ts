import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import type { EventListener } from "#adapters/repositories/event-log.repository.ts";
import { runApp } from "#server/run-app.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

// What `npm start` does on SIGTERM (runApp's stop), on a real port.
const store = await createTestApp();

describe(`stopping the server on ${TEST_DATABASE}`, () => {
  it("answers and stores the page views under way, refuses new connections, then closes the database", async () => {
    // The store as npm start runs it, with an app of its own: stopping it closes its pool.
    const running = await runApp({
      config: { ...store.config, port: 0, host: "127.0.0.1" },
      overrides: { secrets: store.app.secrets },
      pages: (_req, res) => res.writeHead(404).end(),
      stopOnSignals: false,
    });
    const { app } = running;
    const server = running.server!;
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
    let received = 0;
    let allReceived!: () => void;
    const receivedAll = new Promise<void>((resolve) => (allReceived = resolve));
    server.on("request", () => ++received === 6 && allReceived());
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

    const pages = Array.from({ length: 6 }, (_, i) => `/stopping/${i}`);
    const answers = pages.map((page) =>
      fetch(`${base}/api/tracking/page-view`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ page, pageTitle: page, referrer: null }),
      }),
    );
    await Promise.all([writing, receivedAll]);
    let stopped = false;
    const stopping = running.stop().then(() => (stopped = true));
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

  it("under a service manager: SIGTERM to every process of the unit answers the request under way, refuses new ones and exits 0 in time", async () => {
    // As the systemd unit in docs/operations.md runs it: the launcher, then the store under it.
    const env = {
      ...process.env,
      DATABASE_URL: store.config.databaseUrl,
      DATA_DIR: store.config.dataDir,
      LOG_LEVEL: "silent",
      PUBLIC_URL: store.config.publicUrl,
    };
    const launcher = spawn(process.execPath, ["scripts/run.mjs", "tests/integration/helpers/serve-until-stopped.ts"], {
      env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise<{ code: number | null; at: number }>((done) => launcher.on("exit", (code) => done({ code, at: Date.now() })));
    const first = await new Promise<string>((done) => createInterface({ input: launcher.stdout }).once("line", done));
    const { port, pid } = JSON.parse(first) as { port: number; pid: number };
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    const underWay = fetch(`${base}/slow`);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const stopAt = Date.now();
    // systemd's default KillMode=control-group: every process of the unit gets the signal.
    launcher.kill("SIGTERM");
    process.kill(pid, "SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(fetch(`${base}/api/health`)).rejects.toThrow(); // no new connections

    const answer = await underWay;
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe("done");
    const { code, at } = await exited;
    expect(code).toBe(0);
    // Well inside the unit's TimeoutStopSec=15 (the store's own grace period is 5 s).
    expect(at - stopAt).toBeLessThan(5000);
  });
});
