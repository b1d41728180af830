// `astro dev` serves through the store's front (src/server/front.ts), as `npm start` does: the
// request id, the refusal of methods, the node answers, the kept pages, then Vite and Astro. The
// front is loaded by Vite's module runner of the server environment, the one that loads the pages
// and the middleware, so the dev server keeps one app, one page cache and hot reload.

/** The Astro integration: a Vite plugin whose middleware comes before Vite's and Astro's own. */
export function devFront() {
  return {
    name: "shop:dev-front",
    hooks: {
      "astro:config:setup": (/** @type {{ command: string, updateConfig(config: object): void }} */ { command, updateConfig }) => {
        if (command !== "dev") return;
        updateConfig({ vite: { plugins: [devFrontPlugin()] } });
      },
    },
  };
}

function devFrontPlugin() {
  return {
    name: "shop:dev-front",
    /** @param {any} server Vite's dev server */
    configureServer(server) {
      const runner = server.environments.ssr.runner;
      server.middlewares.use((/** @type {any} */ req, /** @type {any} */ res, /** @type {(error?: unknown) => void} */ next) => {
        // Vite's own requests (its client, modules, HMR) are Vite's.
        if (req.url?.startsWith("/@") || req.url?.startsWith("/__") || req.url?.startsWith("/node_modules/")) return next();
        runner
          .import("/src/server/run-app.ts")
          .then((/** @type {any} */ runApp) => runApp.serveInDevelopment(req, res, () => next()))
          .catch(next);
      });
    },
  };
}
