import { chatMessagesRoutes } from "#server/chat-http.ts";

// Polled every 3 s. `?after=<message id>` answers only newer messages; If-None-Match with the last
// ETag answers 304 when nothing changed. The conversation's owner and administrators only (404 to others).
const routes = chatMessagesRoutes({
  read: (app, conversationId, request, viewer) => app.support.readSupportMessages({ conversationId, ...request }, viewer),
  post: (app, conversationId, text, viewer) => app.support.postSupportMessage({ conversationId, text }, viewer),
});

export const GET = routes.GET;
export const POST = routes.POST;
