/** One chat: a support conversation or an order's chat. */
export type ChatRef = { support: string } | { order: string };

/**
 * How far each shopper has read the store's replies in their chats (the chat-reply emails of
 * issue 19 go only for replies left unread). Marks only move forward.
 */
export interface ChatReadMarks {
  markRead(chat: ChatRef, seq: number): Promise<void>;
}
