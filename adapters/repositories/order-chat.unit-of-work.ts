import type { Kysely } from "kysely";
import type { OrderChatRepositories } from "#domain/support/order-chat-repositories.port.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";
import type { Database } from "../db/schema.ts";
import { createOrderChatRepository } from "./order-chat.repository.ts";
import { createOrderOwnership } from "./order-ownership.repository.ts";
import { createEventLog, type EventListener } from "./event-log.repository.ts";
import { createUnitOfWork } from "../db/unit-of-work.ts";

/** `listeners` is read at each run, like the support unit of work's. */
export function createOrderChatUnitOfWork(db: Kysely<Database>, listeners: readonly EventListener[]): UnitOfWork<OrderChatRepositories> {
  return createUnitOfWork(db, (trx) => ({ orders: createOrderOwnership(trx), chat: createOrderChatRepository(trx), events: createEventLog(trx, listeners) }));
}
