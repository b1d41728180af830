import type { Kysely } from "kysely";
import { createTable, primaryKey, text } from "../migration-kit.ts";

/**
 * "Ask a parent to pay": the link a minor's prepared checkout sends to a parent. Only
 * the token's SHA-256 is kept (like the reset links), so a copy of the database opens no link.
 * The link ends when it expires, is declined, its checkout is paid or replaced, or the cart changes
 * (read at each use, domain/checkout/parent-link.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, "parent_pay_links", {
    columns: {
      id: primaryKey("text"),
      tokenHash: text(),
      checkoutId: text({ references: "checkouts.id", onDelete: "cascade" }),
      // The child's account: the order will be theirs.
      userId: text(),
      parentEmail: text(),
      createdAt: text(),
      expiresAt: text(),
      declinedAt: text.nullable(),
    },
    unique: { parent_pay_links_token: ["tokenHash"] },
    indexes: { parent_pay_links_checkout: ["checkoutId"], parent_pay_links_user: ["userId", "createdAt"] },
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("parent_pay_links").execute();
}
