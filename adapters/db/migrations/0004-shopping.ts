import { sql, type Kysely } from "kysely";
import { createTable, integer, primaryKey, text } from "../migration-kit.ts";

// Cart, wishlist, discount codes, prepared checkouts with their stock holds, and orders.
// Money is integer cents; timestamps ISO-8601 UTC text (compare correctly as text on both dialects).
export async function up(db: Kysely<any>): Promise<void> {
  // A line belongs to a signed-in user or to a guest's visitor id, never both.
  for (const table of ["cart_items", "wishlist_items"]) {
    await createTable(db, table, {
      columns: {
        id: primaryKey("text"),
        userId: text.nullable(),
        visitorId: text.nullable(),
        productId: text({ references: "products.id", onDelete: "cascade" }),
        ...(table === "cart_items" ? { quantity: integer({ check: sql`"quantity" >= 1` }) } : {}),
        createdAt: text(),
      },
      checks: { [`${table}_one_owner`]: sql`("userId" is null) <> ("visitorId" is null)` },
      // One line per product and owner: adding the same product again adds to its line.
      unique: { [`${table}_user_product`]: ["userId", "productId"], [`${table}_visitor_product`]: ["visitorId", "productId"] },
    });
  }

  await createTable(db, "discount_codes", {
    columns: {
      id: primaryKey("text"),
      code: text({ unique: true }),
      type: text({ check: sql`"type" in ('percentage', 'fixed')` }),
      // Whole percent for "percentage", cents for "fixed".
      amount: integer({ check: sql`"amount" > 0` }),
      status: text({ check: sql`"status" in ('active', 'inactive')` }),
      startDate: text.nullable(),
      endDate: text.nullable(),
      usageLimit: integer.nullable(),
      // The last line of defence for "a code is never used more often than its limit".
      usageCount: integer({ default: 0, check: sql`"usageCount" >= 0` }),
      minPurchaseCents: integer.nullable(),
      appliesToGame: text.nullable(),
      createdBy: text.nullable(),
      createdAt: text(),
      updatedAt: text(),
    },
    checks: { discount_codes_within_limit: sql`"usageLimit" is null or "usageCount" <= "usageLimit"` },
  });

  await createTable(db, "checkouts", {
    columns: {
      id: primaryKey("text"),
      userId: text(),
      email: text(),
      robloxUsername: text(),
      subtotalCents: integer(),
      discountCodeId: text.nullable(),
      discountCode: text.nullable(),
      discountCents: integer(),
      totalCents: integer({ check: sql`"totalCents" >= 0` }),
      status: text({ check: sql`"status" in ('prepared', 'replaced', 'completed')` }),
      paymentId: text.nullable({ unique: true }),
      createdAt: text(),
      expiresAt: text(),
    },
    indexes: { checkouts_user_status: ["userId", "status"] },
  });

  await createTable(db, "checkout_items", {
    columns: {
      checkoutId: text({ references: "checkouts.id", onDelete: "cascade" }),
      productId: text(),
      productName: text(),
      gameId: text(),
      unitPriceCents: integer(),
      quantity: integer({ check: sql`"quantity" >= 1` }),
    },
    primaryKey: ["checkoutId", "productId"],
  });

  // Units a prepared checkout keeps from other shoppers until it expires, is replaced or is paid.
  await createTable(db, "stock_holds", {
    columns: {
      checkoutId: text({ references: "checkouts.id", onDelete: "cascade" }),
      userId: text(),
      productId: text(),
      quantity: integer({ check: sql`"quantity" >= 1` }),
      expiresAt: text(),
    },
    primaryKey: ["checkoutId", "productId"],
    indexes: { stock_holds_product_expiry: ["productId", "expiresAt"], stock_holds_user: ["userId"] },
  });

  await createTable(db, "orders", {
    columns: {
      id: primaryKey("text"),
      userId: text(),
      status: text(),
      robloxUsername: text(),
      email: text(),
      subtotalCents: integer(),
      discountCodeId: text.nullable(),
      discountCode: text.nullable(),
      discountCents: integer(),
      totalCents: integer(),
      paymentProvider: text(),
      // One order per payment, whatever happens: capture is idempotent because of this constraint.
      paymentId: text({ unique: true }),
      captureId: text.nullable(),
      checkoutId: text(),
      // 1 while a cancelled order's units are back in stock (reopening it takes them again).
      stockReturned: integer({ default: 0 }),
      createdAt: text(),
      updatedAt: text(),
    },
    indexes: { orders_user_created: ["userId", "createdAt"], orders_created: ["createdAt"] },
  });

  // Copies of what was bought: names and prices stay as paid when a product changes or goes away.
  await createTable(db, "order_items", {
    columns: {
      id: primaryKey("text"),
      orderId: text({ references: "orders.id", onDelete: "cascade" }),
      productId: text(),
      productName: text(),
      gameId: text(),
      unitPriceCents: integer(),
      quantity: integer({ check: sql`"quantity" >= 1` }),
    },
    indexes: { order_items_order: ["orderId"] },
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["order_items", "orders", "stock_holds", "checkout_items", "checkouts", "discount_codes", "wishlist_items", "cart_items"]) {
    await db.schema.dropTable(table).execute();
  }
}
