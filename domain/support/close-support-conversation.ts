import { assertPermission } from "../accounts/authorization.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { conversationNotFound } from "./support.errors.ts";
import type { SupportRepositories } from "./support-repositories.port.ts";
import type { ChatViewer, SupportConversation } from "./support-conversation.ts";

/**
 * An administrator closes a conversation (guests 401, shoppers 403). Closing records
 * SupportConversationClosed in the same transaction; closing a closed conversation changes nothing
 * and records nothing, so the analytics count of open conversations stays right when two
 * administrators close it at once.
 */
export async function closeSupportConversation(
  input: { conversationId: string },
  viewer: ChatViewer,
  deps: { unitOfWork: UnitOfWork<SupportRepositories>; clock: Clock },
): Promise<SupportConversation> {
  const admin = assertPermission(viewer.user, "support");
  return deps.unitOfWork.run(async ({ conversations, events }) => {
    const now = deps.clock.now();
    if (await conversations.close(input.conversationId, now)) {
      await events.append({
        type: "SupportConversationClosed",
        occurredAt: now,
        visitorId: viewer.visitorId,
        userId: admin.id,
        payload: { conversationId: input.conversationId },
      });
    }
    const conversation = await conversations.find(input.conversationId);
    if (!conversation) throw conversationNotFound();
    return conversation;
  });
}
