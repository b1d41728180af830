import type { Kysely } from "kysely";
import type { Audited } from "../../domain/audit/audit-log.port.ts";
import type { GuestDataMerger } from "../../domain/accounts/guest-data-merger.port.ts";
import type { Clock } from "../../domain/shared/clock.port.ts";
import type { UnitOfWork } from "../../domain/shared/unit-of-work.port.ts";
import { DEFAULT_CHAT_LIMITS, type ChatLimits } from "../../domain/support/chat-limits.ts";
import type { OrderChatRepositories } from "../../domain/support/order-chat-repositories.port.ts";
import type { RateLimiter } from "../../domain/shared/rate-limiter.port.ts";
import { supportGuestMerger } from "../../domain/support/support-guest-merger.ts";
import type { SupportReadRepositories, SupportRepositories } from "../../domain/support/support-repositories.port.ts";
import type { Database } from "../db/schema.ts";
import type { EventListener } from "./event-log.repository.ts";
import { createOrderChatRepository } from "./order-chat.repository.ts";
import { createOrderChatUnitOfWork } from "./order-chat.unit-of-work.ts";
import { createOrderOwnership } from "./order-ownership.repository.ts";
import { createRateLimiter } from "./rate-limit-counter.repository.ts";
import { createSupportConversationRepository } from "./support-conversation.repository.ts";
import { createSupportMessageRepository } from "./support-message.repository.ts";
import { createSupportUnitOfWork } from "./support.unit-of-work.ts";

/** What the support and order chat routes are handed by the composition root. */
export interface ChatServices {
  support: UnitOfWork<SupportRepositories & Audited>;
  /** The same repositories outside a transaction, for polls. */
  supportReader: SupportReadRepositories;
  orderChat: UnitOfWork<OrderChatRepositories>;
  orderChatReader: OrderChatRepositories;
  rateLimiter: RateLimiter;
  limits: ChatLimits;
  guestMerger: GuestDataMerger;
}

export function createChatServices(
  db: Kysely<Database>,
  clock: Clock,
  eventListeners: readonly EventListener[],
  limits: Partial<ChatLimits> = {},
): ChatServices {
  const support = createSupportUnitOfWork(db, eventListeners);
  return {
    support,
    supportReader: { conversations: createSupportConversationRepository(db), messages: createSupportMessageRepository(db) },
    orderChat: createOrderChatUnitOfWork(db),
    orderChatReader: { orders: createOrderOwnership(db), chat: createOrderChatRepository(db) },
    rateLimiter: createRateLimiter(db, clock),
    limits: { ...DEFAULT_CHAT_LIMITS, ...limits },
    guestMerger: supportGuestMerger({ unitOfWork: support }),
  };
}
