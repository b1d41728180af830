import type { Kysely } from "kysely";
import type { CatalogueImportReads, CatalogueImportRepositories } from "#domain/catalogue/catalogue-import.port.ts";
import type { Audited } from "#domain/audit/audit-log.port.ts";
import type { Clock } from "#domain/shared/clock.port.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";
import type { Database } from "../db/schema.ts";
import { createUnitOfWork } from "../db/unit-of-work.ts";
import { lockProducts } from "../db/transaction-locks.ts";
import { createAuditLog } from "./audit-log.repository.ts";
import { createHolderAccounts } from "./holder-accounts.repository.ts";
import { createOrderHolders } from "./holder-stock.repository.ts";
import { createProductAdminRepository, productAdminColumns, toProduct } from "./product-admin.repository.ts";

/** The import's reads: by primary key and by the holders' own indexes, a batch at a time. */
export function createCatalogueImportReads(db: Kysely<Database>): CatalogueImportReads {
  return {
    games: () => db.selectFrom("games").select(["id", "slug"]).execute(),
    async productsByIds(ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom("products")
        .select(productAdminColumns)
        .where("id", "in", [...new Set(ids)])
        .execute();
      return rows.map(toProduct);
    },
    async holdersOf(gameIds) {
      if (gameIds.length === 0) return [];
      const rows = await db.selectFrom("holders").select(["id", "gameId", "robloxUsername", "status"]).where("gameId", "in", gameIds).execute();
      return rows.map((r) => ({ id: r.id, gameId: r.gameId, robloxUsername: r.robloxUsername, active: r.status === "active" }));
    },
    async holdingsOf(productIds) {
      if (productIds.length === 0) return [];
      const rows = await db.selectFrom("holder_stock").select(["holderId", "productId", "quantity"]).where("productId", "in", productIds).execute();
      return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }));
    },
  };
}

/** An applied import: every batch's reads and writes in one transaction, with its audit entry. */
export function createCatalogueImportUnitOfWork(db: Kysely<Database>, clock: Clock): UnitOfWork<CatalogueImportRepositories & Audited> {
  return createUnitOfWork(db, (trx) => ({
    ...createCatalogueImportReads(trx),
    products: createProductAdminRepository(trx, clock),
    lock: (productIds) => lockProducts(trx, productIds),
    setHolding: ({ holderId, productId, quantity }) => createHolderAccounts(trx).setQuantity(holderId, productId, quantity),
    recount: (productIds) => createOrderHolders(trx).recount(productIds),
    audit: createAuditLog(trx),
  }));
}
