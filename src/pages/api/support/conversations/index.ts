import { chatViewer, conversationJson } from "#server/chat-http.ts";
import { conditionalJson } from "#server/conditional.ts";
import { json, readJson, route } from "#server/http.ts";
import { NewConversation } from "#server/schemas/support.schemas.ts";
import { queuePositions } from "#read-models/support/queue-position.query.ts";

// The visitor's own conversations, newest activity first; polled every 5 s by the widget. A
// conversation waiting for its first reply carries its place in the queue (issue 36).
export const GET = route(async (context) => {
  const { app } = context.locals;
  const conversations = await app.support.listOwnSupportConversations(await chatViewer(context));
  const places = await queuePositions(
    app.db,
    conversations.filter((c) => c.status === "open").map((c) => c.id),
  );
  return conditionalJson(
    context.request,
    conversations.map((c) => ({ ...conversationJson(c), queuePosition: places.get(c.id) ?? null })),
  );
});

export const POST = route(async (context) => {
  const { app } = context.locals;
  const input = await readJson(context.request, NewConversation);
  const conversation = await app.support.openSupportConversation({ email: input.email }, await chatViewer(context));
  return json(conversationJson(conversation), 201);
});
