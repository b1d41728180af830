import type { Kysely } from "kysely";
import { createAuditLog } from "./audit-log.repository.ts";
import type { Audited } from "#domain/audit/audit-log.port.ts";
import type { SupportRepositories } from "#domain/support/support-repositories.port.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";
import type { Database } from "../db/schema.ts";
import { createEventLog, type EventListener } from "./event-log.repository.ts";
import { createSupportConversationRepository } from "./support-conversation.repository.ts";
import { createSupportMessageRepository } from "./support-message.repository.ts";
import { createUnitOfWork } from "../db/unit-of-work.ts";

/** `listeners` is read at each run, so projections registered after start-up are told too. */
export function createSupportUnitOfWork(db: Kysely<Database>, listeners: readonly EventListener[]): UnitOfWork<SupportRepositories & Audited> {
  return createUnitOfWork(db, (trx) => ({
    conversations: createSupportConversationRepository(trx),
    messages: createSupportMessageRepository(trx),
    events: createEventLog(trx, listeners),
    audit: createAuditLog(trx),
  }));
}
