import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";

/** Inserts a minimal real order (no items) owned by `userId`, for tests of what hangs off orders. */
export async function createTestOrder(db: Kysely<Database>, id: string, userId: string): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto("orders")
    .values({
      id,
      userId,
      status: "pending",
      robloxUsername: "tester",
      email: "tester@shop.test",
      subtotalCents: 1000,
      discountCents: 0,
      totalCents: 1000,
      paymentProvider: "sandbox",
      paymentId: `test-payment-${id}`,
      checkoutId: `test-checkout-${id}`,
      stockReturned: 0,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}
