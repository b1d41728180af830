import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { assertMayOpenConversation, type ChatLimits } from "./chat-limits.ts";
import type { RateLimiter } from "../shared/rate-limiter.port.ts";
import type { SupportRepositories } from "./support-repositories.port.ts";
import type { ChatViewer, SupportConversation } from "./support-conversation.ts";

export interface OpenSupportConversationDeps {
  unitOfWork: UnitOfWork<SupportRepositories>;
  rateLimiter: RateLimiter;
  limits: ChatLimits;
  clock: Clock;
  ids: IdGenerator;
}

/**
 * Starts a new open conversation for the viewer (a guest's belongs to their visitor cookie, a
 * signed-in shopper's to their account) and records SupportConversationOpened in the same
 * transaction. The email is the one given, else the account's, else none. Every call starts a new
 * conversation; two concurrent calls start two.
 */
export async function openSupportConversation(
  input: { email: string | null },
  viewer: ChatViewer,
  deps: OpenSupportConversationDeps,
): Promise<SupportConversation> {
  await assertMayOpenConversation(viewer, deps.rateLimiter, deps.limits);
  const now = deps.clock.now();
  const conversation: SupportConversation = {
    id: deps.ids.newId(),
    visitorId: viewer.visitorId,
    userId: viewer.user?.id ?? null,
    orderId: null,
    email: input.email ?? viewer.user?.email ?? null,
    status: "open",
    createdAt: now,
    updatedAt: now,
    lastMessageSeq: 0,
  };
  return deps.unitOfWork.run(async ({ conversations, events }) => {
    await conversations.add(conversation);
    await events.append({
      type: "SupportConversationOpened",
      occurredAt: now,
      visitorId: viewer.visitorId,
      userId: viewer.user?.id ?? null,
      payload: { conversationId: conversation.id },
    });
    return conversation;
  });
}
