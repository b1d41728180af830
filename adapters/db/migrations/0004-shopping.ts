import { sql, type Kysely } from "kysely";

// Cart, wishlist, discount codes, prepared checkouts with their stock holds, and orders.
// Money is integer cents; timestamps ISO-8601 UTC text (compare correctly as text on both dialects).
export async function up(db: Kysely<any>): Promise<void> {
  // A line belongs to a signed-in user or to a guest's visitor id, never both.
  for (const table of ["cart_items", "wishlist_items"]) {
    await db.schema
      .createTable(table)
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("userId", "text")
      .addColumn("visitorId", "text")
      .addColumn("productId", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
      .$call((t) => (table === "cart_items" ? t.addColumn("quantity", "integer", (c) => c.notNull().check(sql`"quantity" >= 1`)) : t))
      .addColumn("createdAt", "text", (c) => c.notNull())
      .addCheckConstraint(`${table}_one_owner`, sql`("userId" is null) <> ("visitorId" is null)`)
      // One line per product and owner: adding the same product again adds to its line.
      .addUniqueConstraint(`${table}_user_product`, ["userId", "productId"])
      .addUniqueConstraint(`${table}_visitor_product`, ["visitorId", "productId"])
      .execute();
  }

  await db.schema
    .createTable("discount_codes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("type", "text", (c) => c.notNull().check(sql`"type" in ('percentage', 'fixed')`))
    // Whole percent for "percentage", cents for "fixed".
    .addColumn("amount", "integer", (c) => c.notNull().check(sql`"amount" > 0`))
    .addColumn("status", "text", (c) => c.notNull().check(sql`"status" in ('active', 'inactive')`))
    .addColumn("startDate", "text")
    .addColumn("endDate", "text")
    .addColumn("usageLimit", "integer")
    // The last line of defence for "a code is never used more often than its limit".
    .addColumn("usageCount", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`"usageCount" >= 0`),
    )
    .addColumn("minPurchaseCents", "integer")
    .addColumn("appliesToGame", "text")
    .addColumn("createdBy", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .addCheckConstraint("discount_codes_within_limit", sql`"usageLimit" is null or "usageCount" <= "usageLimit"`)
    .execute();

  await db.schema
    .createTable("checkouts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("userId", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("robloxUsername", "text", (c) => c.notNull())
    .addColumn("subtotalCents", "integer", (c) => c.notNull())
    .addColumn("discountCodeId", "text")
    .addColumn("discountCode", "text")
    .addColumn("discountCents", "integer", (c) => c.notNull())
    .addColumn("totalCents", "integer", (c) => c.notNull().check(sql`"totalCents" >= 0`))
    .addColumn("status", "text", (c) => c.notNull().check(sql`"status" in ('prepared', 'replaced', 'completed')`))
    .addColumn("paymentId", "text", (c) => c.unique())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("checkouts_user_status").on("checkouts").columns(["userId", "status"]).execute();

  await db.schema
    .createTable("checkout_items")
    .addColumn("checkoutId", "text", (c) => c.notNull().references("checkouts.id").onDelete("cascade"))
    .addColumn("productId", "text", (c) => c.notNull())
    .addColumn("productName", "text", (c) => c.notNull())
    .addColumn("gameId", "text", (c) => c.notNull())
    .addColumn("unitPriceCents", "integer", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`"quantity" >= 1`))
    .addPrimaryKeyConstraint("checkout_items_pk", ["checkoutId", "productId"])
    .execute();

  // Units a prepared checkout keeps from other shoppers until it expires, is replaced or is paid.
  await db.schema
    .createTable("stock_holds")
    .addColumn("checkoutId", "text", (c) => c.notNull().references("checkouts.id").onDelete("cascade"))
    .addColumn("userId", "text", (c) => c.notNull())
    .addColumn("productId", "text", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`"quantity" >= 1`))
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("stock_holds_pk", ["checkoutId", "productId"])
    .execute();
  await db.schema.createIndex("stock_holds_product_expiry").on("stock_holds").columns(["productId", "expiresAt"]).execute();
  await db.schema.createIndex("stock_holds_user").on("stock_holds").column("userId").execute();

  await db.schema
    .createTable("orders")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("userId", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("robloxUsername", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("subtotalCents", "integer", (c) => c.notNull())
    .addColumn("discountCodeId", "text")
    .addColumn("discountCode", "text")
    .addColumn("discountCents", "integer", (c) => c.notNull())
    .addColumn("totalCents", "integer", (c) => c.notNull())
    .addColumn("paymentProvider", "text", (c) => c.notNull())
    // One order per payment, whatever happens: capture is idempotent because of this constraint.
    .addColumn("paymentId", "text", (c) => c.notNull().unique())
    .addColumn("captureId", "text")
    .addColumn("checkoutId", "text", (c) => c.notNull())
    // 1 while a cancelled order's units are back in stock (reopening it takes them again).
    .addColumn("stockReturned", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("orders_user_created").on("orders").columns(["userId", "createdAt"]).execute();
  await db.schema.createIndex("orders_created").on("orders").column("createdAt").execute();

  // Copies of what was bought: names and prices stay as paid when a product changes or goes away.
  await db.schema
    .createTable("order_items")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("orderId", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("productId", "text", (c) => c.notNull())
    .addColumn("productName", "text", (c) => c.notNull())
    .addColumn("gameId", "text", (c) => c.notNull())
    .addColumn("unitPriceCents", "integer", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`"quantity" >= 1`))
    .execute();
  await db.schema.createIndex("order_items_order").on("order_items").column("orderId").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["order_items", "orders", "stock_holds", "checkout_items", "checkouts", "discount_codes", "wishlist_items", "cart_items"]) {
    await db.schema.dropTable(table).execute();
  }
}
