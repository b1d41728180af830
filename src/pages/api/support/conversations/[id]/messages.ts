import { chatMessagesResponse, chatViewer, messageJson } from "#server/chat-http.ts";
import { knownVersions } from "#server/conditional.ts";
import { json, param, readJson, readQuery, route } from "#server/http.ts";
import { MessagesQuery, NewMessage } from "#server/schemas/support.schemas.ts";

// Polled every 3 s. `?after=<message id>` answers only newer messages; If-None-Match with the last
// ETag answers 304 when nothing changed. The conversation's owner and administrators only (404 to others).
export const GET = route(async (context) => {
  const { after } = readQuery(context.url, MessagesQuery);
  const result = await context.locals.app.support.readSupportMessages(
    { conversationId: param(context, "id"), afterMessageId: after, knownVersions: knownVersions(context.request) },
    await chatViewer(context),
  );
  return chatMessagesResponse(result);
});

export const POST = route(async (context) => {
  const { app } = context.locals;
  const { message } = await readJson(context.request, NewMessage);
  const created = await app.support.postSupportMessage({ conversationId: param(context, "id"), text: message }, await chatViewer(context));
  return json(messageJson(created), 201);
});
