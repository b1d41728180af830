import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { readChat, type ChatReadRequest, type ChatReadResult } from "./chat-read.ts";
import { conversationNotFound } from "./support.errors.ts";
import type { SupportRepositories } from "./support-repositories.port.ts";
import { canAccessConversation, type ChatViewer } from "./support-conversation.ts";

/**
 * A poll of a conversation's messages by its owner or an administrator (anyone else: 404, as if it
 * did not exist). See readChat for the cursor and the version.
 */
export async function readSupportMessages(
  input: { conversationId: string } & ChatReadRequest,
  viewer: ChatViewer,
  deps: { unitOfWork: UnitOfWork<SupportRepositories> },
): Promise<ChatReadResult> {
  return deps.unitOfWork.run(async ({ conversations, messages }) => {
    const conversation = await conversations.find(input.conversationId);
    if (!conversation || !canAccessConversation(conversation, viewer)) throw conversationNotFound();
    return readChat(conversation.lastMessageSeq, input, {
      seqOf: (id) => messages.seqOf(conversation.id, id),
      listAfter: (after) => messages.listAfter(conversation.id, after),
    });
  });
}
