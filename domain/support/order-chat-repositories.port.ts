import type { EventLog } from "../analytics/event-log.port.ts";
import type { ChatMessage } from "./chat-message.ts";
import type { OrderOwnership } from "./order-ownership.port.ts";

/** The chat on one order: its messages and the position of the last one. Messages are never changed or deleted. */
export interface OrderChatRepository {
  /** Position of the order chat's last message; 0 when it has none. */
  lastSeq(orderId: string): Promise<number>;
  /**
   * Takes the next message position of the order's chat (creating its counter on the first
   * message). Writes one counter row per order, so concurrent messages to one order are serialised
   * by the database and their positions are committed in order.
   */
  nextSeq(orderId: string, at: Date): Promise<number>;
  add(orderId: string, message: ChatMessage): Promise<void>;
  /** The order's messages with a position above `afterSeq` (0: all), oldest first. */
  listAfter(orderId: string, afterSeq: number): Promise<ChatMessage[]>;
  /** The position of this message in this order's chat, or null when it is not one of its messages. */
  seqOf(orderId: string, messageId: string): Promise<number | null>;
}

/** What an order chat use case gets inside one transaction. */
export interface OrderChatRepositories {
  orders: OrderOwnership;
  chat: OrderChatRepository;
  /** The log a new message is recorded in (OrderMessagePosted), for the live channel. */
  events: EventLog;
}
