import { defineMiddleware } from "astro:middleware";
import { appOfThisProcess } from "./server/run-app.ts";
import { allowedMethods, isApiPath, wrongMethodResponse } from "./server/methods.ts";
import { handleRequest } from "./server/request-pipeline.ts";

// Every JSON endpoint's module, by the route pattern Astro matched ("/api/cart/[id]"), so that a
// method the route does not export answers a JSON 405 naming the ones it does.
const ROUTE_MODULES = import.meta.glob<Record<string, unknown>>(["./pages/api/**/*.ts", "./pages/paypal/**/*.ts", "./pages/stripe/**/*.ts"]);

async function routeModule(pattern: string): Promise<Record<string, unknown> | null> {
  const load = ROUTE_MODULES[`./pages${pattern}.ts`] ?? ROUTE_MODULES[`./pages${pattern}/index.ts`];
  return load ? load() : null;
}

// Astro's pages and routes through the request pipeline. Every request has come through the front
// (src/server/front.ts) first, under `npm start` and `astro dev` alike: it gave the request its id
// and refused the methods the store never answers.
export const onRequest = defineMiddleware(async (context, next) => {
  // Prerendered pages are built once at build time and need no database.
  if (context.isPrerendered) return next();
  // A rewrite (e.g. to /404) runs the middleware again for the same request: do the work once.
  if (context.locals.app) return next();
  const app = await appOfThisProcess();
  return handleRequest(context.request, app, context.clientAddress, async (state) => {
    Object.assign(context.locals, state, { app });
    // Catalogue and content pages come from the page cache while what they show is unchanged (and
    // the shells of the cart and, for a signed-in shopper, the dashboard).
    const response = await app.catalogueCache.serve(
      context.request,
      () => next(),
      async () => (await state.currentUser()) !== null,
    );
    // Astro answers a method the endpoint does not export with an empty 404 (then its HTML 404 page).
    // An answer to HEAD is empty too: only a method the module does not answer is a 405 (HEAD on the
    // catch-all /api/[...path] is its 404, like GET; issue 35).
    if (response.status === 404 && response.body === null && isApiPath(context.url.pathname)) {
      const mod = await routeModule(context.routePattern);
      const allow = mod ? allowedMethods(mod) : [];
      if (mod && !allow.includes(context.request.method.toUpperCase())) return wrongMethodResponse(context.request.method, allow);
    }
    return response;
  });
});
