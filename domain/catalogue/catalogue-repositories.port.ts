import type { CategoryRepository } from "./category-repository.port.ts";
import type { GameRepository } from "./game-repository.port.ts";
import type { ProductRepository } from "./product-repository.port.ts";

/** The storefront catalogue's repositories inside one transaction (reading it, and seeding it). */
export interface CatalogueRepositories {
  games: GameRepository;
  categories: CategoryRepository;
  products: ProductRepository;
}
