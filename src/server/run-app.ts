import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { refreshPlannerStatisticsPeriodically } from "#adapters/db/planner-statistics.ts";
import { openApp, type App, type AppOverrides } from "./app.ts";
import type { AssetHandler } from "./client-assets.ts";
import { loadConfig, type Config } from "./config.ts";
import { createFront, type NodeHandler } from "./front.ts";
import { prepareAndReport } from "./prepare-database.ts";
import { stopOnSignals } from "./stop-on-signals.ts";
import { stopServing } from "./stop-serving.ts";

export interface RunAppOptions {
  config: Config;
  overrides?: AppOverrides;
  /** Brings the database up to date before anything runs (default: prepareAndReport, as `npm start` and `astro dev` do). */
  prepare?: (app: App) => Promise<void>;
  /**
   * Astro's page handler: runApp then serves on config.host:config.port, the front
   * (src/server/front.ts) before it. Without it nothing listens (`astro dev` is the server).
   */
  pages?: NodeHandler;
  /** The client build's files (dist/client), served by the front. */
  assets?: AssetHandler;
  /** SIGTERM and SIGINT stop it gracefully, then end the process (default true; tests say false). */
  stopOnSignals?: boolean;
}

export interface RunningApp {
  app: App;
  /** The listening server, when runApp was given the pages to serve. */
  server: Server | undefined;
  /** Stops serving, the background jobs, and closes the page-view queue and the database (once). */
  stop(): Promise<void>;
}

// The process's app: the one runApp started last. Node loads this module once per process (the
// Astro server build imports it, it does not carry a copy: build/own-modules-external.mjs), so
// the pages' middleware reads the very app scripts/serve.ts ran (issue 34).
let running: Promise<RunningApp> | undefined;

/**
 * Starts the store: opens the app, prepares its database, starts the background jobs (payments held
 * for review, late orders, the mail outbox, SQLite's planner statistics), serves when given the
 * pages, and stops all of it on SIGTERM or Ctrl-C. `npm start`, `astro dev` (through
 * appOfThisProcess) and the tests all start the store here.
 */
export function runApp(options: RunAppOptions): Promise<RunningApp> {
  const starting = start(options);
  running = starting;
  return starting;
}

/** The app of this process: the one runApp started, else (Astro's own server, `astro dev`) one started now from process.env. */
export async function appOfThisProcess(): Promise<App> {
  running ??= start({ config: loadConfig(process.env) });
  return (await running).app;
}

/**
 * `astro dev`'s way in (build/dev-front.mjs, loaded through Vite's module runner with the pages):
 * the same front as `npm start`, with Vite's and Astro's own handling as what comes after it, so
 * development and production take the same path.
 */
export async function serveInDevelopment(req: IncomingMessage, res: ServerResponse, next: () => void): Promise<void> {
  createFront(await appOfThisProcess(), () => next())(req, res);
}

async function start(options: RunAppOptions): Promise<RunningApp> {
  const { config } = options;
  const app = await openApp(config, options.overrides);
  await (options.prepare ?? prepareAndReport)(app);
  // Payments held for review are asked about in the background (each by one process at a time).
  app.paymentReconciler.start();
  // Late orders are looked for by every process (they share the work on PostgreSQL).
  app.lateOrders.start();
  // The outbox worker: delivers what earlier runs left undelivered first, then what comes.
  app.mail.worker.start();
  // The webhook worker (issue 38): the same, for the owner's endpoints.
  app.webhooks.worker.start();
  // SQLite's planner statistics follow the shop as it grows (PRAGMA optimize every few hours).
  const stopRefreshing = refreshPlannerStatisticsPeriodically(app.db, (error) =>
    app.log.error({ err: error }, "refreshing the planner's statistics failed; it runs again later"),
  );
  const server = options.pages ? await listen(createServer(createFront(app, options.pages, { assets: options.assets })), config) : undefined;
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopRefreshing();
    return (stopping ??= stopServing(server, app));
  };
  if (options.stopOnSignals !== false) stopOnSignals(stop);
  return { app, server, stop };
}

function listen(server: Server, config: Pick<Config, "port" | "host">): Promise<Server> {
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(config.port, config.host, () => {
      server.off("error", fail);
      done(server);
    });
  });
}
