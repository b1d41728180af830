import { ADDRESS_CEILING_FACTOR, enforceLimits, type LimitCheck } from "../shared/rate-limit.ts";
import type { RateLimiter } from "../shared/rate-limiter.port.ts";
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
 * cookie otherwise. A guest can drop the cookie and get a fresh visitor at will, so guests are also
 * counted per client address, with a ceiling of ADDRESS_CEILING_FACTOR times the person's limit.
 * Administrators answering chats are not limited. A refused attempt still counts, so hammering
 * does not reopen the window early.
 */
function checks(action: string, viewer: ChatViewer, limit: number, windowMs: number): LimitCheck[] {
  if (viewer.user) return [{ key: `${action}:user:${viewer.user.id}`, limit, windowMs }];
  // No visitor cookie came with the request (a browser has one from its first page): the address is the person.
  if (viewer.knownVisitor === false && viewer.clientIp) return [{ key: `${action}:ip:${viewer.clientIp}`, limit, windowMs }];
  const list: LimitCheck[] = [{ key: `${action}:visitor:${viewer.visitorId}`, limit, windowMs }];
  if (viewer.clientIp) list.push({ key: `${action}:ip:${viewer.clientIp}`, limit: limit * ADDRESS_CEILING_FACTOR, windowMs });
  return list;
}

/** Throws 429 when the viewer sent more chat messages (support and order chats together) this minute than allowed. */
export async function assertMaySendMessage(viewer: ChatViewer, limiter: RateLimiter, limits: ChatLimits): Promise<void> {
  if (viewer.user?.isAdmin) return;
  await enforceLimits(limiter, checks("chat-message", viewer, limits.messagesPerMinute, MINUTE), sendingTooFast);
}

/** Throws 429 when the viewer started more support conversations this hour than allowed. */
export async function assertMayOpenConversation(viewer: ChatViewer, limiter: RateLimiter, limits: ChatLimits): Promise<void> {
  if (viewer.user?.isAdmin) return;
  await enforceLimits(limiter, checks("support-conversation", viewer, limits.conversationsPerHour, HOUR), openingTooFast);
}
