// A server process wired like scripts/start.ts (createApp, the front, stopOnSignals) whose page
// handler, standing in for Astro's, answers /slow after SLOW_MS: a request under way when the
// service manager stops the store. Prints {"port","pid"} once listening.
import { createServer } from "node:http";
import { openApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { createFront } from "#server/front.ts";
import { stopOnSignals } from "#server/stop-on-signals.ts";

const SLOW_MS = 600;
const app = await openApp(loadConfig(process.env));
const server = createServer(
  createFront(app, (req, res) => {
    if (req.url === "/slow") setTimeout(() => res.writeHead(200, { "content-type": "text/plain" }).end("done"), SLOW_MS);
    else res.writeHead(404).end();
  }),
);
server.listen(0, "127.0.0.1", () => {
  console.log(JSON.stringify({ port: (server.address() as { port: number }).port, pid: process.pid }));
});
stopOnSignals(server, app);
