import { chatViewer, conversationJson } from "#server/chat-http.ts";
import { conditionalJson } from "#server/conditional.ts";
import { json, readJson, route } from "#server/http.ts";
import { NewConversation } from "#server/schemas/support.schemas.ts";

// The visitor's own conversations, newest activity first; polled every 5 s by the widget.
export const GET = route(async (context) => {
  const { app } = context.locals;
  const conversations = await app.support.listOwnSupportConversations(await chatViewer(context));
  return conditionalJson(context.request, conversations.map(conversationJson));
});

export const POST = route(async (context) => {
  const { app } = context.locals;
  const input = await readJson(context.request, NewConversation);
  const conversation = await app.support.openSupportConversation({ email: input.email }, await chatViewer(context));
  return json(conversationJson(conversation), 201);
});
