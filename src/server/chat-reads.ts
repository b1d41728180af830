import { markChatRead, orderChatKey, supportChatKey } from "../../adapters/mail/chat-reply-notices.ts";
import type { ChatReadResult } from "../../domain/support/chat-read.ts";
import type { ChatViewer } from "../../domain/support/support-conversation.ts";
import type { App } from "./app.ts";

/**
 * A poll that handed the shopper (not an administrator) a reply from the store: they have read the
 * chat that far, so no email about it (issue 19). Writes only then, never on a 304 or an empty poll;
 * a failure is logged and never fails the poll.
 */
export async function noteShopperRead(app: App, chat: { support: string } | { order: string }, viewer: ChatViewer, result: ChatReadResult): Promise<void> {
  const chatKey = "support" in chat ? supportChatKey(chat.support) : orderChatKey(chat.order);
  if (result.kind !== "messages" || viewer.user?.isAdmin) return;
  const reply = result.messages.filter((m) => m.sender === "admin").at(-1);
  if (!reply) return;
  try {
    await markChatRead(app.db, chatKey, reply.seq);
  } catch (error) {
    app.log.error({ err: error, chatKey }, "recording a chat read failed");
  }
}
