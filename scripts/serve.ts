// What `npm start` runs once the site is built (scripts/start.mjs): compiled with the rest of the
// server code to dist/app/scripts/serve.js (build/server-build.mjs), so the serving process never
// loads Node's type stripper. Brings the database up to date (migrations, demo data in an empty
// store), then serves on HOST:PORT.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ConfigError, loadConfig } from "../src/server/config.ts";
import { serveClientAssets } from "../src/server/client-assets.ts";
import type { NodeHandler } from "../src/server/front.ts";
import { runApp } from "../src/server/run-app.ts";

/** Serves the build of the project at `root` (its dist/). */
export async function serve(root: string): Promise<void> {
  try {
    const config = loadConfig(process.env);
    // React and nanostores are external packages of the server build and read NODE_ENV at run time:
    // unset, they run their development builds, and server-rendering the islands that way cost about
    // a quarter of each page's CPU (docs/benchmarks.md). An explicit NODE_ENV is kept.
    process.env["NODE_ENV"] ||= "production";
    // The Astro build's own server is not started: runApp's puts the front (src/server/front.ts)
    // before Astro's handler. The build imports src/server, domain, adapters and read-models as this
    // process loaded them (one copy: build/own-modules-external.mjs), so both use the one app.
    process.env["ASTRO_NODE_AUTOSTART"] = "disabled";
    const { handler } = (await import(pathToFileURL(join(root, "dist/server/entry.mjs")).href)) as { handler: NodeHandler };
    // A stop (SIGTERM, Ctrl-C) lets the requests under way finish and stores what is queued, for
    // STOP_GRACE_MS at most (runApp).
    await runApp({ config, pages: handler, assets: serveClientAssets(join(root, "dist/client")) });
    console.log(`start: serving on http://${config.host}:${config.port}`);
    console.log(
      config.mail.transport === "smtp"
        ? "start: emails go out through SMTP_URL"
        : `start: emails are kept as .eml files in ${config.mail.folder} (set SMTP_URL and MAIL_FROM to send them)`,
    );
  } catch (error) {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
