import { migrateToLatest } from "#adapters/db/database.ts";
import { openApp, type App } from "./app.ts";
import { loadConfig } from "./config.ts";

/**
 * The process's one app. scripts/start.ts composes it and shares it before serving; Astro's own
 * server (`astro dev`, or the build run without scripts/start.ts) builds it on first use. The next
 * step (issue 34) is one module graph with one runApp(): then the global hand-over below goes.
 */
let running: Promise<App> | undefined;
// The server bundle built by Astro holds its own copy of this module: the app that scripts/start.ts
// composed reaches it through a global, so pages and the front share one database pool and cache.
const SHARED_APP = Symbol.for("bloxbazaar.app");

/** Makes `app` the one getApp() answers in this process (scripts/start.ts, before serving). */
export function shareApp(app: App): void {
  (globalThis as Record<symbol, unknown>)[SHARED_APP] = app;
}

/** The server's app: the one shared by scripts/start.ts, else built on first use from process.env with the schema brought up to date. */
export function getApp(): Promise<App> {
  const shared = (globalThis as Record<symbol, unknown>)[SHARED_APP] as App | undefined;
  if (shared) return Promise.resolve(shared);
  running ??= (async () => {
    const app = await openApp(loadConfig(process.env));
    await migrateToLatest(app.db);
    writeQueuedPageViewsOnStop(app);
    app.paymentReconciler.start();
    // Astro's own server (npm run dev, or the build run without scripts/start.ts) looks for late orders too.
    app.lateOrders.start();
    app.mail.worker.start();
    return app;
  })();
  return running;
}

const STOP_GRACE_MS = 5000;

// A stop (SIGTERM, Ctrl-C) first writes the page views already queued, then ends the process as
// the signal would have. Their requests' answers may be cut off, but what was stored is stored.
function writeQueuedPageViewsOnStop(app: App): void {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      const stop = () => process.kill(process.pid, signal);
      const deadline = setTimeout(stop, STOP_GRACE_MS);
      void Promise.all([
        app.paymentReconciler.stop(),
        app.lateOrders.stop(),
        app.mail.worker.stop(),
        app.pageViews.close(),
        app.tracing?.shutdown().catch(() => undefined),
      ]).finally(() => {
        clearTimeout(deadline);
        stop();
      });
    });
  }
}
