import type { CategoryRepository } from "#domain/catalogue/category-repository.port.ts";
import type { Tx } from "../db/database.ts";

export function createCategoryRepository(db: Tx): CategoryRepository {
  return {
    async add(category) {
      await db.insertInto("categories").values(category).execute();
    },
  };
}
