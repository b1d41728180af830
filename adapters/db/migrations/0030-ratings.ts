import { sql, type Kysely } from "kysely";
import { bumpCatalogueVersionOn } from "../catalogue-version-triggers.ts";
import { createTable, integer, primaryKey, text } from "../migration-kit.ts";

/**
 * Ratings from buyers (issue 36): a shopper rates a delivered order once per product bought, and
 * staff publish, hide or answer it. The unique (orderId, productId) is what makes "once" hold when
 * two requests race. Each index answers one query of read-models/ (tests/integration/query-plans.test.ts):
 * a product's published ratings newest first and their average (product page, GET
 * /api/products/{id}/ratings), the shop-wide figure (published), and the Reviews tab's list by status.
 *
 * A rating's publication changes what the cached product pages show, so its writes bump
 * catalogue_version like the content tables do (0018): by trigger, so no write path can forget it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, "ratings", {
    columns: {
      id: primaryKey("text"),
      orderId: text({ references: "orders.id", onDelete: "cascade" }),
      productId: text(),
      userId: text(),
      stars: integer({ check: sql`"stars" between 1 and 5` }),
      comment: text.nullable(),
      status: text({ check: sql`"status" in ('pending', 'published', 'hidden')` }),
      reply: text.nullable(),
      createdAt: text(),
      moderatedAt: text.nullable(),
      moderatedBy: text.nullable(),
    },
    unique: { ratings_order_product_unique: ["orderId", "productId"] },
    indexes: {
      ratings_product_status_created: ["productId", "status", "createdAt", "id"],
      ratings_status_created: ["status", "createdAt", "id"],
      // A person's own ratings: their data export, and the erasure of their account.
      ratings_user: ["userId"],
      // The shop-wide figure reads stars of published ratings only: a covering index.
      ratings_status_stars: ["status", "stars"],
    },
  });
  await bumpCatalogueVersionOn(db, "ratings", "bare");
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("ratings").ifExists().execute();
}
