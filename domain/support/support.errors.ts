import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";

export const blankMessage = () => new DomainError("invalid", ErrorCode.blankMessage, "Please type a message");
export const messageTooLong = () => new DomainError("invalid", ErrorCode.messageTooLong, "Messages can be at most 2,000 characters");
export const conversationNotFound = () => new DomainError("not_found", ErrorCode.conversationNotFound, "Conversation not found");
export const conversationClosed = () =>
  new DomainError("conflict", ErrorCode.conversationClosed, "This conversation has been closed. Please start a new conversation.");
export const orderNotFound = () => new DomainError("not_found", ErrorCode.orderNotFound, "Order not found");
export const unknownCursor = () =>
  new DomainError("invalid", ErrorCode.unknownCursor, "That message is not in this chat: reload the chat and try again", {
    fields: { after: "no such message in this chat" },
  });
export const sendingTooFast = (retryAfterSeconds?: number) =>
  new DomainError("rate_limited", ErrorCode.chatRateLimited, "You're sending messages too quickly. Please wait a minute and try again.", { retryAfterSeconds });
export const openingTooFast = (retryAfterSeconds?: number) =>
  new DomainError("rate_limited", ErrorCode.conversationRateLimited, "You've started too many conversations. Please wait a while and try again.", {
    retryAfterSeconds,
  });
