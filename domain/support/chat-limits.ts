import type { RateLimiter } from "./rate-limiter.port.ts";
import { openingTooFast, sendingTooFast } from "./support.errors.ts";
import type { ChatViewer } from "./support-conversation.ts";

/** How much one visitor may write; the message limit is configurable (CHAT_MESSAGE_LIMIT_PER_MINUTE). */
export interface ChatLimits {
  messagesPerMinute: number;
  conversationsPerHour: number;
}

export const DEFAULT_CHAT_LIMITS: ChatLimits = { messagesPerMinute: 20, conversationsPerHour: 10 };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Shoppers are counted per account when signed in (one person, many browsers) and per visitor
 * cookie otherwise. Administrators answering chats are not limited. A refused attempt still counts,
 * so hammering does not reopen the window early.
 */
function subject(viewer: ChatViewer): string {
  return viewer.user ? `user:${viewer.user.id}` : `visitor:${viewer.visitorId}`;
}

/** Throws 429 when the viewer sent more chat messages (support and order chats together) this minute than allowed. */
export async function assertMaySendMessage(viewer: ChatViewer, limiter: RateLimiter, limits: ChatLimits): Promise<void> {
  if (viewer.user?.isAdmin) return;
  if (!(await limiter.hit(`chat-message:${subject(viewer)}`, limits.messagesPerMinute, MINUTE))) throw sendingTooFast();
}

/** Throws 429 when the viewer started more support conversations this hour than allowed. */
export async function assertMayOpenConversation(viewer: ChatViewer, limiter: RateLimiter, limits: ChatLimits): Promise<void> {
  if (viewer.user?.isAdmin) return;
  if (!(await limiter.hit(`support-conversation:${subject(viewer)}`, limits.conversationsPerHour, HOUR))) throw openingTooFast();
}
