import { nanoquery } from "@nanostores/query";
import { computed, type ReadableAtom } from "nanostores";
import { api, withQuery } from "../lib/api-client.ts";
import type { CategoryView, GameView, ProductView } from "#read-models/storefront/catalogue.views.ts";

/**
 * The admin panel's data (admin-panel.md 9): fresh for 60 s, a failed read retried once. The query
 * library keeps the cache; after a change the panel revalidates the keys that changed, so every
 * tab shows the new state at once.
 */
export const FRESH_FOR_MS = 60_000;
export const RETRY_AFTER_MS = 1_000;

export const [createFetcherStore, , { revalidateKeys, invalidateKeys }] = nanoquery({
  fetcher: (...parts) => api.get(parts.join("")),
  dedupeTime: FRESH_FOR_MS,
  onErrorRetry: ({ retryCount }) => (retryCount <= 1 ? RETRY_AFTER_MS : null),
});

export const GAMES_KEY = "/api/games";
/** The admin list answers on-hand stock; /api/products answers what shoppers may buy (less checkout holds). */
export const PRODUCTS_KEY = "/api/admin/products";

export const $games = createFetcherStore<GameView[]>(GAMES_KEY);
export const $products = createFetcherStore<ProductView[]>(PRODUCTS_KEY);

/** A store of one game's categories, following the game id it is given (null: none). */
export function createCategoriesStore($gameId: ReadableAtom<string | null>) {
  return createFetcherStore<CategoryView[]>([computed($gameId, (gameId) => (gameId ? withQuery("/api/categories", { gameId }) : null))]);
}

const isCategoriesKey = (key: string) => key.startsWith("/api/categories");

/** After a change: the storefront-shaped lists the panel shows are read again. */
export const refresh = {
  games: () => revalidateKeys(GAMES_KEY),
  products: () => revalidateKeys(PRODUCTS_KEY),
  categories: () => revalidateKeys(isCategoriesKey),
  /** A game's slug or name shows on its products too. */
  all: () => revalidateKeys((key) => key === GAMES_KEY || key === PRODUCTS_KEY || isCategoriesKey(key)),
};

/** On logout nothing an administrator saw stays in memory. */
export function forgetAdminData(): void {
  invalidateKeys(() => true);
}
