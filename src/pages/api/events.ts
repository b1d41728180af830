import { requireUser } from "#server/guards.ts";
import { route, type RouteHandler } from "#server/http.ts";
import { eventStreamResponse, lastEventIdOf, listenerOf } from "#server/live/event-stream-response.ts";

/**
 * GET /api/events: the signed-in person's live channel (Server-Sent Events, issue 38). Guests 401.
 * What it carries, and to whom, is docs/live-updates.md.
 */
export const GET: RouteHandler = route(async (context) => {
  const user = await requireUser(context);
  const app = context.locals.app;
  return eventStreamResponse(app, listenerOf(app, user), lastEventIdOf(context.request, context.url), context.request, context.locals.clientIp);
});
