// The storefront's tracker posts here on every location change. The handler lives with the front's
// guest path for the same route, so the two cannot drift apart: src/server/page-view.ts.
export { POST } from "#server/page-view.ts";
