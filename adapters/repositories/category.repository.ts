import type { Kysely } from "kysely";
import type { CategoryRepository } from "../../domain/catalog/category-repository.port.ts";
import type { Database } from "../db/schema.ts";

export function createCategoryRepository(db: Kysely<Database>): CategoryRepository {
  return {
    async add(category) {
      await db.insertInto("categories").values(category).execute();
    },
  };
}
