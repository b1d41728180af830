import type { AuditActor } from "../audit/audit-entry.ts";
import type { Audited } from "../audit/audit-log.port.ts";
import { auditedFields, auditedUnitOfWork } from "../audit/audited-unit-of-work.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { RateLimiter } from "../shared/rate-limiter.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import type { ChatLimits } from "./chat-limits.ts";
import type { ChatReadRequest, ChatReadResult } from "./chat-read.ts";
import type { ChatReadMarks, ChatRef } from "./chat-read-marks.port.ts";
import { closeSupportConversation } from "./close-support-conversation.ts";
import { listOwnSupportConversations } from "./list-own-support-conversations.ts";
import { noteShopperRead } from "./note-shopper-read.ts";
import { openSupportConversation } from "./open-support-conversation.ts";
import { postOrderMessage, readOrderMessages } from "./order-chat.ts";
import type { OrderChatRepositories } from "./order-chat-repositories.port.ts";
import { postSupportMessage } from "./post-support-message.ts";
import { readSupportMessages } from "./read-support-messages.ts";
import type { ChatViewer } from "./support-conversation.ts";
import { supportGuestMerger } from "./support-guest-merger.ts";
import type { SupportReadRepositories, SupportRepositories } from "./support-repositories.port.ts";

/** What the support module needs, bound once by the composition root. */
export interface SupportModuleDeps {
  /** Conversations, their messages, the event log and the audit trail in one transaction. */
  support: UnitOfWork<SupportRepositories & Audited>;
  /** The same repositories outside a transaction, for polls (the hot path). */
  supportReader: SupportReadRepositories;
  /** An order's chat (and who owns the order) in one transaction. */
  orderChat: UnitOfWork<OrderChatRepositories>;
  orderChatReader: Pick<OrderChatRepositories, "orders" | "chat">;
  /** The shared attempt counter behind the chat's message and conversation limits. */
  rateLimiter: RateLimiter;
  limits: ChatLimits;
  /** How far shoppers have read the store's replies (no email about what they have read). */
  readMarks: ChatReadMarks;
  /** Recording a read failed: reported, and the poll still answers. */
  onReadMarkError: (error: unknown, chat: ChatRef) => void;
  clock: Clock;
  ids: IdGenerator;
}

/**
 * Support conversations and order chats, ready to call: `app.support.postSupportMessage(input, viewer)`.
 * Closing a conversation is an administrator's change: it is audited here, in its own
 * transaction, and the caller only says who the administrator is.
 */
export function createSupportModule(deps: SupportModuleDeps) {
  const { clock, ids, rateLimiter, limits } = deps;
  const writing = { rateLimiter, limits, clock, ids };
  const findConversation = auditedFields((r: SupportRepositories & Audited, id: string) => r.conversations.find(id), ["status"]);
  // A poll's answer is the poll's: recording what the shopper read never fails it.
  const noteRead = async (chat: ChatRef, viewer: ChatViewer, result: ChatReadResult) => {
    try {
      await noteShopperRead(chat, viewer, result, deps.readMarks);
    } catch (error) {
      deps.onReadMarkError(error, chat);
    }
    return result;
  };
  return {
    openSupportConversation: (input: { email: string | null }, viewer: ChatViewer) =>
      openSupportConversation(input, viewer, { unitOfWork: deps.support, ...writing }),
    listOwnSupportConversations: (viewer: ChatViewer) => listOwnSupportConversations(viewer, deps.supportReader),
    postSupportMessage: (input: { conversationId: string; text: string }, viewer: ChatViewer) =>
      postSupportMessage(input, viewer, { unitOfWork: deps.support, ...writing }),
    /** A poll; a reply from the store it hands the shopper counts as read. */
    readSupportMessages: async (input: { conversationId: string } & ChatReadRequest, viewer: ChatViewer) =>
      noteRead({ support: input.conversationId }, viewer, await readSupportMessages(input, viewer, deps.supportReader)),
    closeSupportConversation: (input: { conversationId: string }, viewer: ChatViewer, actor: AuditActor) =>
      closeSupportConversation(input, viewer, {
        unitOfWork: auditedUnitOfWork(deps.support, { actor, kind: "conversation.close", entityId: input.conversationId, read: findConversation }, clock),
        clock,
      }),

    readOrderMessages: async (input: { orderId: string } & ChatReadRequest, viewer: ChatViewer) =>
      noteRead({ order: input.orderId }, viewer, await readOrderMessages(input, viewer, deps.orderChatReader)),
    postOrderMessage: (input: { orderId: string; text: string }, viewer: ChatViewer) =>
      postOrderMessage(input, viewer, { unitOfWork: deps.orderChat, ...writing }),

    /** At sign-in, the guest's conversations become the account's (registered by the root with the other modules' mergers). */
    guestMerger: supportGuestMerger({ unitOfWork: deps.support }),
  };
}

export type SupportModule = ReturnType<typeof createSupportModule>;
