import { DomainError } from "../shared/domain-error.ts";

export const blankMessage = () => new DomainError("invalid", "blank_message", "Please type a message");
export const messageTooLong = () => new DomainError("invalid", "message_too_long", "Messages can be at most 2,000 characters");
export const conversationNotFound = () => new DomainError("not_found", "conversation_not_found", "Conversation not found");
export const conversationClosed = () =>
  new DomainError("conflict", "conversation_closed", "This conversation has been closed. Please start a new conversation.");
export const orderNotFound = () => new DomainError("not_found", "order_not_found", "Order not found");
export const unknownCursor = () => new DomainError("invalid", "unknown_cursor", "after: no such message in this chat");
export const sendingTooFast = (retryAfterSeconds?: number) =>
  new DomainError("rate_limited", "chat_rate_limited", "You're sending messages too quickly. Please wait a minute and try again.", { retryAfterSeconds });
export const openingTooFast = (retryAfterSeconds?: number) =>
  new DomainError("rate_limited", "conversation_rate_limited", "You've started too many conversations. Please wait a while and try again.", { retryAfterSeconds });
