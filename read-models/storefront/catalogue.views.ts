import type { DeliveryMethod, Requirement } from "#domain/catalogue/requirements.ts";
import type { Game } from "#domain/catalogue/game.ts";
/** What the storefront and the API show of the catalogue: the spec's fields, prices as decimal strings. */
export type GameView = Omit<Game, "requirements" | "deliveryMethod">;

/** A game as GET /api/games/{slug} answers it: what a buyer's account needs, and how items are delivered. */
export type GameDetailView = Game;

export interface CategoryView {
  id: string;
  gameId: string;
  name: string;
  displayOrder: number;
}

export interface ProductView {
  id: string;
  gameId: string;
  gameSlug: string;
  gameName: string;
  name: string;
  category: string;
  description: string;
  image: string;
  /** Decimal string with two decimals, e.g. "12.99". */
  price: string;
  originalPrice: string | null;
  stock: number;
  displayOrder: number;
  /** 1 means featured, as in the spec. */
  featured: 0 | 1;
}

/** A product as the admin panel's list answers it (GET /api/admin/products): with its own requirements and delivery method, which its editor changes. */
export interface AdminProductView extends ProductView {
  requirements: Requirement[];
  deliveryMethod: DeliveryMethod;
  /** Its own delivery promise in minutes; null: the shop's. */
  deliveryMinutes: number | null;
  /** The Robux a gamepass product's buyer receives; null for other methods. */
  robuxAmount: number | null;
}

/** One product as GET /api/products/{id} and its page show it: its game's and its own requirements, its delivery method. */
export interface ProductDetailView extends ProductView {
  requirements: Requirement[];
  deliveryMethod: DeliveryMethod;
  /** Its own delivery promise in minutes; null: the shop's (the API answers the shop's number then). */
  deliveryMinutes: number | null;
  /** The Robux a gamepass product's buyer receives (the pass is priced for it); null for other methods. */
  robuxAmount: number | null;
}

/** One page of a product list and how many products its filter finds in all. */
export interface ProductPageView {
  products: ProductView[];
  total: number;
}
