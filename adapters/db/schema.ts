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

export interface FaqsTable {
  id: string;
  question: string;
  answer: string;
  displayOrder: number;
}

export interface BlogPostsTable {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  metaDescription: string;
  /** Comma-separated. */
  keywords: string;
  author: string;
  publishedAt: string;
  /** Sanitised HTML. */
  content: string;
  /** 1 means featured, as in the spec. */
  featured: number;
}

export interface ItemRequestsTable {
  id: string;
  gameId: string;
  itemName: string;
  email: string;
  description: string;
  createdAt: string;
  /** SHA-256 of the sender's address, for the rate limit; never shown. */
  clientKey: string;
}

export interface Database {
  games: GamesTable;
  categories: CategoriesTable;
  products: ProductsTable;
  meta: MetaTable;
  faqs: FaqsTable;
  blogPosts: BlogPostsTable;
  itemRequests: ItemRequestsTable;
}

/** Rows whose id the database generates. */
export type WithGeneratedId<T> = Omit<T, "id"> & { id: Generated<number> };
