import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import type { Cents } from "../shared/money.ts";
import type { CatalogueRepositories } from "./catalogue-repositories.port.ts";
import { generatedItemPicture } from "./product.ts";
import type { DeliveryMethod, Requirement } from "./requirements.ts";

export interface SeedProduct {
  name: string;
  category: string;
  description: string;
  price: Cents;
  originalPrice: Cents | null;
  stock: number;
  featured: boolean;
  /** Defaults: none of its own, and its game's delivery method. */
  requirements?: Requirement[];
  deliveryMethod?: DeliveryMethod;
  /** Its own delivery promise in minutes; none: the shop's. */
  deliveryMinutes?: number;
  /** A gamepass product's Robux; none: not paid out through the buyer's pass. */
  robuxAmount?: number;
}

export interface SeedGame {
  slug: string;
  name: string;
  description: string;
  /** Real requirements of the game's trading (shared/domain/roblox.md); none by default. */
  requirements?: Requirement[];
  deliveryMethod?: DeliveryMethod;
  categories: string[];
  products: SeedProduct[];
}

export interface SeedResult {
  gamesAdded: number;
  productsAdded: number;
  gamesAlreadyPresent: number;
}

/**
 * Adds each demo game that is not in the store yet (matched by slug), with its categories and
 * products, one game per transaction. Idempotent: running it again adds nothing. Games already
 * present are left exactly as an administrator may have changed them.
 * Images point at the store's own generated pictures, so the shop works with no internet.
 */
export async function seedCatalogue(
  games: readonly SeedGame[],
  deps: { unitOfWork: UnitOfWork<CatalogueRepositories>; ids: IdGenerator },
): Promise<SeedResult> {
  const result: SeedResult = { gamesAdded: 0, productsAdded: 0, gamesAlreadyPresent: 0 };
  for (const [gameIndex, seed] of games.entries()) {
    await deps.unitOfWork.run(async (repos) => {
      if (await repos.games.findBySlug(seed.slug)) {
        result.gamesAlreadyPresent += 1;
        return;
      }
      const gameId = deps.ids.newId();
      await repos.games.add({
        id: gameId,
        slug: seed.slug,
        name: seed.name,
        description: seed.description,
        thumbnail: `/img/game/${seed.slug}.svg`,
        displayOrder: gameIndex,
        requirements: seed.requirements ?? [],
        deliveryMethod: seed.deliveryMethod ?? "trade",
      });
      for (const [index, name] of seed.categories.entries()) {
        await repos.categories.add({ id: deps.ids.newId(), gameId, name, displayOrder: index });
      }
      for (const [index, product] of seed.products.entries()) {
        const id = deps.ids.newId();
        await repos.products.add({
          ...product,
          id,
          gameId,
          image: generatedItemPicture(product.name, product.category),
          displayOrder: index,
          requirements: product.requirements ?? [],
          deliveryMethod: product.deliveryMethod ?? seed.deliveryMethod ?? "trade",
          deliveryMinutes: product.deliveryMinutes ?? null,
          robuxAmount: product.robuxAmount ?? null,
        });
      }
      result.gamesAdded += 1;
      result.productsAdded += seed.products.length;
    });
  }
  return result;
}
