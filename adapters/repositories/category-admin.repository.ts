import { categoryExists } from "#domain/catalogue/catalogue.errors.ts";
import type { CategoryAdminRepository } from "#domain/catalogue/category-admin-repository.port.ts";
import { isUniqueViolation } from "../db/constraint-errors.ts";
import { createCategoryRepository } from "./category.repository.ts";
import { setDisplayOrders } from "./display-order.ts";
import type { Tx } from "../db/database.ts";

const columns = ["id", "gameId", "name", "displayOrder"] as const;

export function createCategoryAdminRepository(db: Tx): CategoryAdminRepository {
  const base = createCategoryRepository(db);
  return {
    ...base,
    async add(category) {
      try {
        await base.add(category);
      } catch (error) {
        throw isUniqueViolation(error) ? categoryExists(category.name) : error;
      }
    },
    async findById(id) {
      return (await db.selectFrom("categories").select(columns).where("id", "=", id).executeTakeFirst()) ?? null;
    },
    listByGame(gameId) {
      return db.selectFrom("categories").select(columns).where("gameId", "=", gameId).orderBy("displayOrder").orderBy("name").execute();
    },
    async rename(id, name) {
      try {
        await db.updateTable("categories").set({ name }).where("id", "=", id).execute();
      } catch (error) {
        // Two administrators renaming two categories to the same name at once: the unique index decides.
        throw isUniqueViolation(error) ? categoryExists(name) : error;
      }
    },
    async remove(id) {
      await db.deleteFrom("categories").where("id", "=", id).execute();
    },
    setDisplayOrders: (ids) => setDisplayOrders(db, "categories", ids),
  };
}
