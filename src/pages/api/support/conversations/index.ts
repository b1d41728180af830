import { listOwnSupportConversations } from "../../../../../domain/support/list-own-support-conversations.ts";
import { openSupportConversation } from "../../../../../domain/support/open-support-conversation.ts";
import { chatViewer, conversationJson } from "../../../../server/chat-http.ts";
import { conditionalJson } from "../../../../server/conditional.ts";
import { json, readJson, route } from "../../../../server/http.ts";
import { NewConversation } from "../../../../server/schemas/support.schemas.ts";

// The visitor's own conversations, newest activity first; polled every 5 s by the widget.
export const GET = route(async (context) => {
  const { app } = context.locals;
  const conversations = await listOwnSupportConversations(await chatViewer(context), app.chat.supportReader);
  return conditionalJson(context.request, conversations.map(conversationJson));
});

export const POST = route(async (context) => {
  const { app } = context.locals;
  const input = await readJson(context.request, NewConversation);
  const conversation = await openSupportConversation({ email: input.email }, await chatViewer(context), {
    unitOfWork: app.chat.support,
    rateLimiter: app.chat.rateLimiter,
    limits: app.chat.limits,
    clock: app.clock,
    ids: app.ids,
  });
  return json(conversationJson(conversation), 201);
});
