import { chatMessagesRoutes } from "#server/chat-http.ts";

// The chat on an order, for its owner and administrators (guests 401, others 403, unknown order 404).
// Polled every 3 s; `?after=` and If-None-Match work as for support conversations.
const routes = chatMessagesRoutes({
  read: (app, orderId, request, viewer) => app.support.readOrderMessages({ orderId, ...request }, viewer),
  post: (app, orderId, text, viewer) => app.support.postOrderMessage({ orderId, text }, viewer),
});

export const GET = routes.GET;
export const POST = routes.POST;
