import type { CatalogueAdminRepositories } from "#domain/catalogue/catalogue-admin-repositories.port.ts";
import { categoryExists, gameStillHasProducts, slugTaken } from "#domain/catalogue/catalogue.errors.ts";
import type { ImageStorage } from "#domain/shared/image-storage.port.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";
import { createInMemoryCatalogue, type CatalogueState } from "./in-memory-catalogue.ts";
import { inMemoryUnitOfWork } from "./in-memory-unit-of-work.ts";

const byOrderThenName = <T extends { displayOrder: number; name: string }>(a: T, b: T) => a.displayOrder - b.displayOrder || a.name.localeCompare(b.name);

/**
 * The catalogue-management ports in memory, on the same state as the seed fake, with the rules the
 * real store enforces: unique slugs and (case-insensitively) unique category names answered as
 * conflicts, no game removed while it has products, and all-or-nothing units of work.
 */
export function createInMemoryCatalogueAdmin(): {
  state: CatalogueState;
  unitOfWork: UnitOfWork<CatalogueAdminRepositories>;
  repositories: CatalogueAdminRepositories;
} {
  const { state } = createInMemoryCatalogue();
  const setOrders = (rows: { id: string; displayOrder: number }[], ids: readonly string[]) =>
    ids.forEach((id, index) => {
      const row = rows.find((r) => r.id === id);
      if (row) row.displayOrder = index;
    });
  const repositories: CatalogueAdminRepositories = {
    games: {
      findBySlug: async (slug) => structuredClone(state.games.find((g) => g.slug === slug) ?? null),
      findById: async (id) => structuredClone(state.games.find((g) => g.id === id) ?? null),
      listIdsInOrder: async () => [...state.games].sort(byOrderThenName).map((g) => g.id),
      add: async (game) => {
        if (state.games.some((g) => g.slug === game.slug)) throw slugTaken(game.slug);
        state.games.push({ ...game });
      },
      update: async (game) => {
        if (state.games.some((g) => g.slug === game.slug && g.id !== game.id)) throw slugTaken(game.slug);
        const index = state.games.findIndex((g) => g.id === game.id);
        if (index >= 0) state.games[index] = { ...game };
      },
      remove: async (id) => {
        if (state.products.some((p) => p.gameId === id)) throw gameStillHasProducts();
        state.categories = state.categories.filter((c) => c.gameId !== id);
        state.games = state.games.filter((g) => g.id !== id);
      },
      setDisplayOrders: async (ids) => setOrders(state.games, ids),
    },
    categories: {
      findById: async (id) => structuredClone(state.categories.find((c) => c.id === id) ?? null),
      listByGame: async (gameId) => structuredClone(state.categories.filter((c) => c.gameId === gameId).sort(byOrderThenName)),
      add: async (category) => {
        const lower = category.name.toLowerCase();
        if (state.categories.some((c) => c.gameId === category.gameId && c.name.toLowerCase() === lower)) throw categoryExists(category.name);
        state.categories.push({ ...category });
      },
      remove: async (id) => {
        state.categories = state.categories.filter((c) => c.id !== id);
      },
      setDisplayOrders: async (ids) => setOrders(state.categories, ids),
      rename: async (id, name) => {
        const category = state.categories.find((c) => c.id === id);
        if (!category) return;
        const lower = name.toLowerCase();
        if (state.categories.some((c) => c.id !== id && c.gameId === category.gameId && c.name.toLowerCase() === lower)) throw categoryExists(name);
        category.name = name;
      },
    },
    products: {
      findById: async (id) => structuredClone(state.products.find((p) => p.id === id) ?? null),
      add: async (product) => {
        state.products.push({ ...product });
      },
      update: async (product) => {
        const index = state.products.findIndex((p) => p.id === product.id);
        if (index >= 0) state.products[index] = { ...product };
      },
      remove: async (id) => {
        state.products = state.products.filter((p) => p.id !== id);
      },
      renameCategory: async (gameId, from, to) => {
        for (const product of state.products) if (product.gameId === gameId && product.category === from) product.category = to;
      },
      count: async ({ gameId, category }) => state.products.filter((p) => p.gameId === gameId && (category === undefined || p.category === category)).length,
      nextDisplayOrder: async (gameId) => {
        const orders = state.products.filter((p) => p.gameId === gameId).map((p) => p.displayOrder);
        return orders.length === 0 ? 0 : Math.max(...orders) + 1;
      },
      gameIdsOf: async (ids) => [...new Set(state.products.filter((p) => ids.includes(p.id)).map((p) => p.gameId))],
      listIdsInGames: async (gameIds) => state.products.filter((p) => gameIds.includes(p.gameId)).map((p) => p.id),
      setDisplayOrders: async (ids) => setOrders(state.products, ids),
    },
  };
  const unitOfWork: UnitOfWork<CatalogueAdminRepositories> = inMemoryUnitOfWork(state, repositories);
  return { state, unitOfWork, repositories };
}

/** Keeps "uploaded" images in a map and answers a URL per image, like the real store. */
export function createInMemoryImageStorage(): ImageStorage & { saved: Map<string, Uint8Array> } {
  const saved = new Map<string, Uint8Array>();
  return {
    saved,
    async save(bytes, type) {
      const url = `/uploads/logos/image-${saved.size + 1}.${type === "jpeg" ? "jpg" : type}`;
      saved.set(url, bytes);
      return url;
    },
  };
}
