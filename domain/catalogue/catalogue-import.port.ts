import type { Audited } from "../audit/audit-log.port.ts";
import type { ImportHolder, ImportHolding } from "./catalogue-import-plan.ts";
import type { Product } from "./product.ts";
import type { ProductAdminRepository } from "./product-admin-repository.port.ts";

/** What an import reads to check a batch of lines: a few queries per batch, never the whole catalogue. */
export interface CatalogueImportReads {
  /** Every game's id and slug (a shop has tens, not thousands). */
  games(): Promise<{ id: string; slug: string }[]>;
  /** The products with these ids; unknown ids are left out. */
  productsByIds(ids: readonly string[]): Promise<Product[]>;
  /** The holder accounts of these games, active and lost. */
  holdersOf(gameIds: readonly string[]): Promise<ImportHolder[]>;
  /** The holder lines of these products. */
  holdingsOf(productIds: readonly string[]): Promise<ImportHolding[]>;
}

/** An import's one transaction: the reads, and the writes of the products and their holders' stock. */
export interface CatalogueImportRepositories extends CatalogueImportReads, Audited {
  products: Pick<ProductAdminRepository, "add" | "update" | "nextDisplayOrder">;
  /** The products' row locks the checkout takes: holder stock changes queue behind a placement. */
  lock(productIds: readonly string[]): Promise<void>;
  /** Sets a holder's units of a product (a new line when it had none). */
  setHolding(holding: ImportHolding): Promise<void>;
  /** Sets each product that has holders to the sum over its active holders. */
  recount(productIds: readonly string[]): Promise<void>;
}
