/** What the storefront and the API show of the catalogue: the spec's fields, prices as decimal strings. */
export interface GameView {
  id: string;
  slug: string;
  name: string;
  description: string;
  thumbnail: string;
  displayOrder: number;
}

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

/** One page of a product list and how many products its filter finds in all (issue 33). */
export interface ProductPageView {
  products: ProductView[];
  total: number;
}
