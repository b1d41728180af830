import type { Generated } from "kysely";

/**
 * The database's tables as Kysely sees them. Column names are the spec's camelCase field names
 * (Kysely quotes identifiers, so they are portable to PostgreSQL). Money columns are integer cents
 * and end in `Cents`; timestamps are ISO-8601 UTC strings, which sort and compare correctly as text
 * on both SQLite and PostgreSQL.
 */
export interface GamesTable {
  id: string;
  slug: string;
  name: string;
  description: string;
  thumbnail: string;
  displayOrder: number;
  createdAt: string;
}

export interface CategoriesTable {
  id: string;
  gameId: string;
  name: string;
  displayOrder: number;
}

export interface ProductsTable {
  id: string;
  gameId: string;
  name: string;
  category: string;
  description: string;
  image: string;
  priceCents: number;
  originalPriceCents: number | null;
  stock: number;
  displayOrder: number;
  featured: number;
  createdAt: string;
}

export interface MetaTable {
  key: string;
  value: string;
}

export interface Database {
  games: GamesTable;
  categories: CategoriesTable;
  products: ProductsTable;
  meta: MetaTable;
}

/** Rows whose id the database generates. */
export type WithGeneratedId<T> = Omit<T, "id"> & { id: Generated<number> };
