import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { assertMaySendMessage, type ChatLimits } from "./chat-limits.ts";
import { normalizeChatMessage, type ChatMessage } from "./chat-message.ts";
import type { RateLimiter } from "../shared/rate-limiter.port.ts";
import { conversationClosed, conversationNotFound } from "./support.errors.ts";
import type { SupportRepositories } from "./support-repositories.port.ts";
import { canAccessConversation, isOwnConversation, type ChatViewer } from "./support-conversation.ts";
import { recordChatMessage } from "./record-chat-message.ts";

export interface PostSupportMessageDeps {
  unitOfWork: UnitOfWork<SupportRepositories>;
  rateLimiter: RateLimiter;
  limits: ChatLimits;
  clock: Clock;
  ids: IdGenerator;
}

/**
 * Adds a message to a conversation. The text is normalised and checked first (blank or too long:
 * 400, nothing counted or stored), then the sender's rate limit. A conversation the viewer may not
 * see answers 404 exactly like a missing one. A closed conversation takes no message (409),
 * also when it is closed while the message is on its way: the position is taken with a conditional
 * update in the same transaction as the insert.
 */
export async function postSupportMessage(
  input: { conversationId: string; text: string },
  viewer: ChatViewer,
  deps: PostSupportMessageDeps,
): Promise<ChatMessage> {
  const text = normalizeChatMessage(input.text);
  await assertMaySendMessage(viewer, deps.rateLimiter, deps.limits);
  return deps.unitOfWork.run(async ({ conversations, messages, events }) => {
    const conversation = await conversations.find(input.conversationId);
    if (!conversation || !canAccessConversation(conversation, viewer)) throw conversationNotFound();
    const now = deps.clock.now();
    const seq = await conversations.nextMessageSeq(conversation.id, now);
    if (seq === null) throw conversationClosed();
    const posted = { type: "SupportMessagePosted", payload: { conversationId: conversation.id, seq } } as const;
    const isOwner = isOwnConversation(conversation, viewer);
    return recordChatMessage({ text, isOwner, seq, now, posted }, viewer, { ids: deps.ids, add: (message) => messages.add(conversation.id, message), events });
  });
}
