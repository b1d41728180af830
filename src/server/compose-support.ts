import type { Db } from "#adapters/db/database.ts";
import type { Logger } from "#adapters/log/logger.ts";
import { createChatReadMarks } from "#adapters/mail/chat-reply-notices.ts";
import type { EventListener } from "#adapters/repositories/event-log.repository.ts";
import { createOrderChatRepository } from "#adapters/repositories/order-chat.repository.ts";
import { createOrderChatUnitOfWork } from "#adapters/repositories/order-chat.unit-of-work.ts";
import { createOrderOwnership } from "#adapters/repositories/order-ownership.repository.ts";
import { createSupportConversationRepository } from "#adapters/repositories/support-conversation.repository.ts";
import { createSupportMessageRepository } from "#adapters/repositories/support-message.repository.ts";
import { createSupportUnitOfWork } from "#adapters/repositories/support.unit-of-work.ts";
import type { Clock } from "#domain/shared/clock.port.ts";
import type { IdGenerator } from "#domain/shared/id-generator.port.ts";
import type { RateLimiter } from "#domain/shared/rate-limiter.port.ts";
import { DEFAULT_CHAT_LIMITS } from "#domain/support/chat-limits.ts";
import { createSupportModule, type SupportModule } from "#domain/support/support.module.ts";
import type { Config } from "./config.ts";

interface SupportWiring {
  db: Db;
  config: Config;
  eventListeners: EventListener[];
  rateLimiter: RateLimiter;
  clock: Clock;
  ids: IdGenerator;
  log: Logger;
}

/** Support conversations and order chats (issue 6), wired to their repositories: part of the composition root (app.ts). */
export function composeSupport({ db, config, eventListeners, rateLimiter, clock, ids, log }: SupportWiring): SupportModule {
  return createSupportModule({
    support: createSupportUnitOfWork(db, eventListeners),
    supportReader: { conversations: createSupportConversationRepository(db), messages: createSupportMessageRepository(db) },
    orderChat: createOrderChatUnitOfWork(db, eventListeners),
    orderChatReader: { orders: createOrderOwnership(db), chat: createOrderChatRepository(db) },
    rateLimiter,
    limits: { ...DEFAULT_CHAT_LIMITS, messagesPerMinute: config.chatMessagesPerMinute },
    readMarks: createChatReadMarks(db),
    onReadMarkError: (error, chat) => log.error({ err: error, chat }, "recording a chat read failed"),
    clock,
    ids,
  });
}
