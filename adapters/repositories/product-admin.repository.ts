import type { Product } from "#domain/catalogue/product.ts";
import type { ProductAdminRepository } from "#domain/catalogue/product-admin-repository.port.ts";
import type { Clock } from "#domain/shared/clock.port.ts";
import { productInUse } from "#domain/catalogue/catalogue.errors.ts";
import { isForeignKeyViolation } from "../db/constraint-errors.ts";
import type { ProductsTable } from "../db/schema.ts";
import { setDisplayOrders } from "./display-order.ts";
import { createProductRepository, productColumns } from "./product.repository.ts";
import type { Tx } from "../db/database.ts";
import type { Selectable } from "kysely";
import { deliveryMethodOf, requirementsOf } from "./requirements-columns.ts";
import { createOrderHolders } from "./holder-stock.repository.ts";

export const productAdminColumns = [
  "id",
  "gameId",
  "name",
  "category",
  "description",
  "image",
  "priceCents",
  "originalPriceCents",
  "stock",
  "displayOrder",
  "featured",
  "requirements",
  "deliveryMethod",
  "deliveryMinutes",
  "robuxAmount",
] as const;

export function toProduct(row: Omit<Selectable<ProductsTable>, "createdAt" | "privateServerUrl">): Product {
  const { priceCents, originalPriceCents, featured, requirements, deliveryMethod, ...rest } = row;
  return {
    ...rest,
    price: priceCents,
    originalPrice: originalPriceCents,
    featured: featured === 1,
    requirements: requirementsOf(requirements),
    deliveryMethod: deliveryMethodOf(deliveryMethod),
  };
}

export function createProductAdminRepository(db: Tx, clock: Clock): ProductAdminRepository {
  return {
    ...createProductRepository(db, clock),
    async findById(id) {
      const row = await db.selectFrom("products").select(productAdminColumns).where("id", "=", id).executeTakeFirst();
      return row ? toProduct(row) : null;
    },
    async renameCategory(gameId, from, to) {
      await db.updateTable("products").set({ category: to }).where("gameId", "=", gameId).where("category", "=", from).execute();
    },
    async update(product) {
      await db.updateTable("products").set(productColumns(product)).where("id", "=", product.id).execute();
      // A product on holder accounts keeps their sum as its stock: the editor's figure does not override it.
      await createOrderHolders(db).recount([product.id]);
    },
    async remove(id) {
      try {
        await db.deleteFrom("products").where("id", "=", id).execute();
      } catch (error) {
        // Rows that point at products (cart lines, wishlists) must cascade and order items must not
        // block (docs/decisions.md); should one still do, the admin gets a clear 409, not a 500.
        if (isForeignKeyViolation(error)) throw productInUse();
        throw error;
      }
    },
    async count({ gameId, category }) {
      let query = db
        .selectFrom("products")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where("gameId", "=", gameId);
      if (category !== undefined) query = query.where("category", "=", category);
      return Number((await query.executeTakeFirstOrThrow()).count);
    },
    async nextDisplayOrder(gameId) {
      const row = await db
        .selectFrom("products")
        .select((eb) => eb.fn.max<number | null>("displayOrder").as("highest"))
        .where("gameId", "=", gameId)
        .executeTakeFirst();
      return row?.highest === null || row?.highest === undefined ? 0 : Number(row.highest) + 1;
    },
    async gameIdsOf(productIds) {
      if (productIds.length === 0) return [];
      const rows = await db
        .selectFrom("products")
        .select("gameId")
        .distinct()
        .where("id", "in", [...productIds])
        .execute();
      return rows.map((r) => r.gameId);
    },
    async listIdsInGames(gameIds) {
      if (gameIds.length === 0) return [];
      const rows = await db
        .selectFrom("products")
        .select("id")
        .where("gameId", "in", [...gameIds])
        .execute();
      return rows.map((r) => r.id);
    },
    setDisplayOrders: (ids) => setDisplayOrders(db, "products", ids),
  };
}
