// The store started as scripts/serve.ts starts it (runApp: the app, its jobs, the front, the
// signal handling) whose page handler, standing in for Astro's, answers /slow after SLOW_MS: a
// request under way when the service manager stops the store. Prints {"port","pid"} once listening.
import { loadConfig } from "#server/config.ts";
import { runApp } from "#server/run-app.ts";

const SLOW_MS = 600;
const { server } = await runApp({
  config: { ...loadConfig(process.env), port: 0, host: "127.0.0.1" },
  pages: (req, res) => {
    if (req.url === "/slow") setTimeout(() => res.writeHead(200, { "content-type": "text/plain" }).end("done"), SLOW_MS);
    else res.writeHead(404).end();
  },
});
console.log(JSON.stringify({ port: (server?.address() as { port: number }).port, pid: process.pid }));
