import type { EventLog } from "../analytics/event-log.port.ts";
import type { ChatMessage } from "./chat-message.ts";
import type { ChatViewer, SupportConversation } from "./support-conversation.ts";

/** Stored support conversations. */
export interface SupportConversationRepository {
  add(conversation: SupportConversation): Promise<void>;
  /** The conversation with this id, or null. */
  find(id: string): Promise<SupportConversation | null>;
  /**
   * The viewer's own conversations (see isOwnConversation), newest activity first; empty when
   * there are none.
   */
  listOwn(viewer: ChatViewer): Promise<SupportConversation[]>;
  /**
   * Takes the next message position of an OPEN conversation and records the activity, in one
   * conditional update: null when the conversation is closed (or gone). Because it writes the
   * conversation's row, concurrent messages to one conversation are serialised by the database and
   * their positions are committed in order.
   */
  nextMessageSeq(id: string, at: Date): Promise<number | null>;
  /** Closes an open conversation; false when it was not open (already closed: nothing changes). */
  close(id: string, at: Date): Promise<boolean>;
  /** Gives the visitor's guest conversations to the account; idempotent. */
  moveGuestConversations(visitorId: string, userId: string): Promise<void>;
}

/** Stored messages of support conversations. Messages are never changed or deleted. */
export interface SupportMessageRepository {
  add(conversationId: string, message: ChatMessage): Promise<void>;
  /** The conversation's messages with a position above `afterSeq` (0: all), oldest first. */
  listAfter(conversationId: string, afterSeq: number): Promise<ChatMessage[]>;
  /** The position of this message in this conversation, or null when it is not one of its messages. */
  seqOf(conversationId: string, messageId: string): Promise<number | null>;
}

/** What the read-only support use cases need (no transaction: polls are the hot path). */
export type SupportReadRepositories = Pick<SupportRepositories, "conversations" | "messages">;

/** What a support use case gets inside one transaction. */
export interface SupportRepositories {
  conversations: SupportConversationRepository;
  messages: SupportMessageRepository;
  events: EventLog;
}
