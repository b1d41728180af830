import type { CategoryAdminRepository } from "./category-admin-repository.port.ts";
import type { GameAdminRepository } from "./game-admin-repository.port.ts";
import type { ProductAdminRepository } from "./product-admin-repository.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";

/** The repositories one catalogue-management transaction works with. */
export interface CatalogueAdminRepositories {
  games: GameAdminRepository;
  categories: CategoryAdminRepository;
  products: ProductAdminRepository;
}

/** What every catalogue-management use case is given: its transaction and, for new items, ids. */
export interface CatalogueAdminDeps {
  unitOfWork: UnitOfWork<CatalogueAdminRepositories>;
  ids: IdGenerator;
}
