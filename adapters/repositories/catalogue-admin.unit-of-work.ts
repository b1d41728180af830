import type { Kysely } from "kysely";
import { createAuditLog } from "./audit-log.repository.ts";
import type { Audited } from "#domain/audit/audit-log.port.ts";
import type { CatalogueAdminRepositories } from "#domain/catalogue/catalogue-admin-repositories.port.ts";
import type { Clock } from "#domain/shared/clock.port.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";
import type { Database } from "../db/schema.ts";
import { createUnitOfWork } from "../db/unit-of-work.ts";
import { createCategoryAdminRepository } from "./category-admin.repository.ts";
import { createGameAdminRepository } from "./game-admin.repository.ts";
import { createProductAdminRepository } from "./product-admin.repository.ts";

/** Each catalogue change (and each reorder with its set check) runs in one transaction. */
export function createCatalogueAdminUnitOfWork(db: Kysely<Database>, clock: Clock): UnitOfWork<CatalogueAdminRepositories & Audited> {
  return createUnitOfWork(db, (trx) => ({
    games: createGameAdminRepository(trx, clock),
    categories: createCategoryAdminRepository(trx),
    products: createProductAdminRepository(trx, clock),
    audit: createAuditLog(trx),
  }));
}
