import type { Cents } from "../shared/money.ts";

/** The catalogue as cart tracking needs it: a product's current name and price, or null when unknown. */
export interface TrackedProducts {
  find(productId: string): Promise<{ name: string; price: Cents } | null>;
}
