import { readChat, type ChatReadRequest, type ChatReadResult } from "./chat-read.ts";
import { conversationNotFound } from "./support.errors.ts";
import type { SupportReadRepositories } from "./support-repositories.port.ts";
import { canAccessConversation, type ChatViewer } from "./support-conversation.ts";

/**
 * A poll of a conversation's messages by its owner or an administrator (anyone else: 404, as if it
 * did not exist). See readChat for the cursor and the version. Runs outside a transaction: it is
 * the hot path of polling, and readChat stays correct when a message arrives between its reads.
 */
export async function readSupportMessages(
  input: { conversationId: string } & ChatReadRequest,
  viewer: ChatViewer,
  { conversations, messages }: SupportReadRepositories,
): Promise<ChatReadResult> {
  const conversation = await conversations.find(input.conversationId);
  if (!conversation || !canAccessConversation(conversation, viewer)) throw conversationNotFound();
  return readChat(conversation.lastMessageSeq, input, {
    seqOf: (id) => messages.seqOf(conversation.id, id),
    listAfter: (after) => messages.listAfter(conversation.id, after),
  });
}
