import type { Kysely } from "kysely";
import type { CatalogueRepositories } from "#domain/catalogue/catalogue-repositories.port.ts";
import type { Clock } from "#domain/shared/clock.port.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";
import type { Database } from "../db/schema.ts";
import { createCategoryRepository } from "./category.repository.ts";
import { createGameRepository } from "./game.repository.ts";
import { createProductRepository } from "./product.repository.ts";
import { createUnitOfWork } from "../db/unit-of-work.ts";

export function createCatalogueUnitOfWork(db: Kysely<Database>, clock: Clock): UnitOfWork<CatalogueRepositories> {
  return createUnitOfWork(db, (trx) => ({
    games: createGameRepository(trx, clock),
    categories: createCategoryRepository(trx),
    products: createProductRepository(trx, clock),
  }));
}
