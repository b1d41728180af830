import { json, param, route } from "#server/http.ts";

// The parent's "not now": nothing is charged, the child is told, the link ends.
export const POST = route(async (context) => {
  await context.locals.app.ordering.declineParentLink(param(context, "token"));
  return json({ declined: true });
});
