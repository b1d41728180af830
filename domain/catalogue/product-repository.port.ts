import type { Product } from "./product.ts";

/** Stored products. */
export interface ProductRepository {
  /** Stores a new product. */
  add(product: Product): Promise<void>;
}
