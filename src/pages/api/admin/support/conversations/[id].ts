import { closeSupportConversation } from "../../../../../../domain/support/close-support-conversation.ts";
import { conversationNotFound } from "../../../../../../domain/support/support.errors.ts";
import { findConversationForAdmin } from "../../../../../../read-models/support/admin-conversations.ts";
import { chatViewer } from "../../../../../server/chat-http.ts";
import { audited } from "../../../../../server/audit.ts";
import { requireAdmin } from "../../../../../server/guards.ts";
import { json, param, readJson, route } from "../../../../../server/http.ts";
import { ConversationPatch } from "../../../../../server/schemas/support.schemas.ts";

// Close Conversation: {status: "closed"}. Closing a closed conversation is a no-op answering 200.
export const PATCH = route(async (context) => {
  const admin = await requireAdmin(context, "support");
  await readJson(context.request, ConversationPatch);
  const { app } = context.locals;
  const id = param(context, "id");
  await closeSupportConversation({ conversationId: id }, await chatViewer(context), {
    unitOfWork: audited(app, admin, app.chat.support, "conversation.close", id, async (r, id) => {
      const conversation = await r.conversations.find(id);
      return conversation && { status: conversation.status };
    }),
    clock: app.clock,
  });
  const view = await findConversationForAdmin(app.db, id);
  if (!view) throw conversationNotFound();
  return json(view);
});
