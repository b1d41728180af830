import type { Category } from "#domain/catalogue/category.ts";
import type { Game } from "#domain/catalogue/game.ts";
import type { Product } from "#domain/catalogue/product.ts";
import { formatCents } from "#domain/shared/money.ts";

/** Catalogue entities as the admin API answers them: the spec's fields (admin-panel.md 3), money as decimal strings. */
export function gameJson(game: Game) {
  return {
    id: game.id,
    slug: game.slug,
    name: game.name,
    description: game.description,
    thumbnail: game.thumbnail,
    displayOrder: game.displayOrder,
    requirements: game.requirements,
    deliveryMethod: game.deliveryMethod,
  };
}

export function categoryJson(category: Category) {
  return { id: category.id, gameId: category.gameId, name: category.name, displayOrder: category.displayOrder };
}

export function productJson(product: Product) {
  return {
    id: product.id,
    name: product.name,
    gameId: product.gameId,
    category: product.category,
    price: formatCents(product.price),
    originalPrice: product.originalPrice === null ? null : formatCents(product.originalPrice),
    image: product.image,
    description: product.description,
    stock: product.stock,
    featured: product.featured ? 1 : 0,
    displayOrder: product.displayOrder,
    requirements: product.requirements,
    deliveryMethod: product.deliveryMethod,
    deliveryMinutes: product.deliveryMinutes,
    robuxAmount: product.robuxAmount,
  };
}
