import type { SessionUser } from "../accounts/user.ts";
import type { ChatSender } from "./chat-message.ts";

export type ConversationStatus = "open" | "closed";

/** A support conversation (admin-panel.md section 3: id, sessionId, userId, orderId, status, createdAt, updatedAt). */
export interface SupportConversation {
  id: string;
  /** The visitor (guest cookie) that started it: the spec's sessionId. */
  visitorId: string;
  /** The account it belongs to; null while it belongs to a guest. */
  userId: string | null;
  orderId: string | null;
  email: string | null;
  status: ConversationStatus;
  createdAt: Date;
  /** Last activity: creation, a message or closing. */
  updatedAt: Date;
  /** Position of its last message (0 before the first); see ChatMessage.seq. */
  lastMessageSeq: number;
}

/** Whoever is asking: every visitor has a visitor id; signed-in visitors also have a user. */
export interface ChatViewer {
  visitorId: string;
  user: SessionUser | null;
  /** The client's address, for the per-address ceiling on guests (absent: not counted by address). */
  clientIp?: string;
  /** False when the request carried no visitor cookie (its visitor id was made for this request). */
  knownVisitor?: boolean;
}

/**
 * A conversation is the viewer's own when it belongs to their account, or when it is a guest's
 * conversation started from this very browser (same visitor cookie). The second case also covers a
 * signed-in shopper whose guest conversations were not merged yet (e.g. a sign-in path that does
 * not run the merge): it is still their browser's conversation.
 */
export function isOwnConversation(conversation: Pick<SupportConversation, "userId" | "visitorId">, viewer: ChatViewer): boolean {
  if (conversation.userId !== null) return viewer.user?.id === conversation.userId;
  return conversation.visitorId === viewer.visitorId;
}

/** The owner and administrators may read and write a conversation; nobody else learns it exists. */
export function canAccessConversation(conversation: Pick<SupportConversation, "userId" | "visitorId">, viewer: ChatViewer): boolean {
  return isOwnConversation(conversation, viewer) || viewer.user?.isAdmin === true;
}

/**
 * The sender of a message is decided here, never taken from the request: the owner of a chat writes
 * as "user"; an administrator answering someone else's chat writes as "admin". (An administrator
 * trying the widget in their own conversation is its customer there.)
 */
export function senderFor(isOwner: boolean): ChatSender {
  return isOwner ? "user" : "admin";
}
