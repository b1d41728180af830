import type { Kysely } from "kysely";
import type { OrderChatRepositories } from "#domain/support/order-chat-repositories.port.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";
import type { Database } from "../db/schema.ts";
import { createOrderChatRepository } from "./order-chat.repository.ts";
import { createOrderOwnership } from "./order-ownership.repository.ts";
import { createUnitOfWork } from "../db/unit-of-work.ts";

export function createOrderChatUnitOfWork(db: Kysely<Database>): UnitOfWork<OrderChatRepositories> {
  return createUnitOfWork(db, (trx) => ({ orders: createOrderOwnership(trx), chat: createOrderChatRepository(trx) }));
}
