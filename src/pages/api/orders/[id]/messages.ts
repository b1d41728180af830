import { chatMessagesResponse, chatViewer, messageJson } from "#server/chat-http.ts";
import { knownVersions } from "#server/conditional.ts";
import { json, param, readJson, readQuery, route } from "#server/http.ts";
import { MessagesQuery, NewMessage } from "#server/schemas/support.schemas.ts";

// The chat on an order, for its owner and administrators (guests 401, others 403, unknown order 404).
// Polled every 3 s; `?after=` and If-None-Match work as for support conversations.
export const GET = route(async (context) => {
  const { after } = readQuery(context.url, MessagesQuery);
  const result = await context.locals.app.support.readOrderMessages(
    { orderId: param(context, "id"), afterMessageId: after, knownVersions: knownVersions(context.request) },
    await chatViewer(context),
  );
  return chatMessagesResponse(result);
});

export const POST = route(async (context) => {
  const { app } = context.locals;
  const { message } = await readJson(context.request, NewMessage);
  const created = await app.support.postOrderMessage({ orderId: param(context, "id"), text: message }, await chatViewer(context));
  return json(messageJson(created), 201);
});
