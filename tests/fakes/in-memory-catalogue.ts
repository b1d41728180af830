import type { Category } from "#domain/catalogue/category.ts";
import type { Game } from "#domain/catalogue/game.ts";
import type { Product } from "#domain/catalogue/product.ts";
import type { CatalogueRepositories } from "#domain/catalogue/catalogue-repositories.port.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";
import { inMemoryUnitOfWork } from "./in-memory-unit-of-work.ts";

export interface CatalogueState {
  games: Game[];
  categories: Category[];
  products: Product[];
}

/**
 * An in-memory catalogue with the real store's rules that the domain relies on: unique game slugs,
 * unique category names within a game, and all-or-nothing units of work.
 */
export function createInMemoryCatalogue(): { state: CatalogueState; unitOfWork: UnitOfWork<CatalogueRepositories>; repositories: CatalogueRepositories } {
  const state: CatalogueState = { games: [], categories: [], products: [] };
  const repositories: CatalogueRepositories = {
    games: {
      findBySlug: async (slug) => state.games.find((g) => g.slug === slug) ?? null,
      add: async (game) => {
        if (state.games.some((g) => g.slug === game.slug)) throw new Error(`duplicate slug ${game.slug}`);
        state.games.push({ ...game });
      },
    },
    categories: {
      add: async (category) => {
        if (state.categories.some((c) => c.gameId === category.gameId && c.name === category.name)) throw new Error("duplicate category");
        state.categories.push({ ...category });
      },
    },
    products: {
      add: async (product) => {
        state.products.push({ ...product });
      },
    },
  };
  const unitOfWork: UnitOfWork<CatalogueRepositories> = inMemoryUnitOfWork(state, repositories);
  return { state, unitOfWork, repositories };
}

export function sequentialIds(prefix = "id"): { newId(): string } {
  let n = 0;
  return { newId: () => `${prefix}-${++n}` };
}
