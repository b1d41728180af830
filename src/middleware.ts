import { defineMiddleware } from "astro:middleware";
import { getApp } from "./server/app.ts";
import { handleRequest } from "./server/request-pipeline.ts";

export const onRequest = defineMiddleware(async (context, next) => {
  // Prerendered pages are built once at build time and need no database.
  if (context.isPrerendered) return next();
  // A rewrite (e.g. to /404) runs the middleware again for the same request: do the work once.
  if (context.locals.app) return next();
  const app = await getApp();
  return handleRequest(context.request, app, context.clientAddress, async (state) => {
    Object.assign(context.locals, state, { app });
    // Catalogue pages for guests come from the cache while the catalogue is unchanged.
    return app.catalogueCache.serve(context.request, () => next());
  });
});
