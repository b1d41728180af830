import { conversationNotFound } from "#domain/support/support.errors.ts";
import { findConversationForAdmin } from "#read-models/support/admin-conversations.ts";
import { chatViewer } from "#server/chat-http.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, param, readJson, route } from "#server/http.ts";
import { ConversationPatch } from "#server/schemas/support.schemas.ts";

// Close Conversation: {status: "closed"}. Closing a closed conversation is a no-op answering 200.
export const PATCH = route(async (context) => {
  const admin = await requireAdmin(context, "support");
  await readJson(context.request, ConversationPatch);
  const { app } = context.locals;
  const id = param(context, "id");
  await app.support.closeSupportConversation({ conversationId: id }, await chatViewer(context), admin);
  const view = await findConversationForAdmin(app.db, id);
  if (!view) throw conversationNotFound();
  return json(view);
});
