/** A shop-wide figure a page may show, and where it comes from (null: the shop's own data). */
export interface ShopFigureView {
  text: string;
  sourceUrl: string | null;
}

/** The shop-wide figures (issue 36): each computed, or the owner's words with a source, or absent. */
export interface ShopFiguresView {
  rating: ShopFigureView | null;
  customers: ShopFigureView | null;
}
