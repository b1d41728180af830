import type { Selectable } from "kysely";
import type { PreparedCheckout } from "#domain/checkout/checkout.ts";
import type { CheckoutRepository } from "#domain/checkout/checkout-repository.port.ts";
import type { CheckoutsTable } from "../db/schema.ts";
import { lockName } from "../db/transaction-locks.ts";
import type { Tx } from "../db/database.ts";
import { acknowledgedOf, recipientColumns, recipientOf } from "./delivery-recipient-columns.ts";
import { totalsOf } from "./order-totals-columns.ts";
import { gamePassColumns, gamePassOf } from "./game-pass-columns.ts";

export function createCheckoutRepository(db: Tx): CheckoutRepository {
  async function withItems(row: Selectable<CheckoutsTable> | undefined): Promise<PreparedCheckout | null> {
    if (!row) return null;
    const items = await db
      .selectFrom("checkout_items")
      .select(["productId", "productName", "gameId", "unitPriceCents", "quantity"])
      .where("checkoutId", "=", row.id)
      .orderBy("productName")
      .execute();
    return {
      id: row.id,
      userId: row.userId,
      email: row.email,
      robloxUsername: row.robloxUsername,
      items: items.map(({ unitPriceCents, ...item }) => ({ ...item, unitPrice: unitPriceCents })),
      ...totalsOf(row),
      status: row.status,
      paymentId: row.paymentId,
      paymentProvider: row.paymentProvider ?? null,
      createdAt: new Date(row.createdAt),
      expiresAt: new Date(row.expiresAt),
      holdStartedAt: new Date(row.holdStartedAt ?? row.createdAt),
      holdRenewals: Number(row.holdRenewals),
      paymentAttempt: Number(row.paymentAttempt ?? 0),
      recipient: recipientOf(row),
      acknowledgedRequirements: acknowledgedOf(row),
      gamePass: gamePassOf(row),
    };
  }

  return {
    async replacePrepared(userId) {
      // One prepare per shopper at a time (PostgreSQL; SQLite has one writer anyway): otherwise two
      // racing prepares would each replace the other's nothing and both stay prepared.
      await lockName(db, `checkout:${userId}`);
      await db.updateTable("checkouts").set({ status: "replaced" }).where("userId", "=", userId).where("status", "=", "prepared").execute();
      await db.deleteFrom("stock_holds").where("userId", "=", userId).execute();
    },
    async add(checkout) {
      await db
        .insertInto("checkouts")
        .values({
          id: checkout.id,
          userId: checkout.userId,
          email: checkout.email,
          robloxUsername: checkout.robloxUsername,
          subtotalCents: checkout.subtotal,
          discountCodeId: checkout.discountCodeId,
          discountCode: checkout.discountCode,
          discountCents: checkout.discount,
          totalCents: checkout.total,
          creditAppliedCents: checkout.creditApplied,
          status: checkout.status,
          paymentId: checkout.paymentId,
          paymentProvider: checkout.paymentProvider ?? null,
          createdAt: checkout.createdAt.toISOString(),
          expiresAt: checkout.expiresAt.toISOString(),
          holdStartedAt: checkout.holdStartedAt.toISOString(),
          holdRenewals: checkout.holdRenewals,
          ...recipientColumns(checkout.recipient, checkout.acknowledgedRequirements),
          ...gamePassColumns(checkout.gamePass),
        })
        .execute();
      if (checkout.items.length === 0) return;
      await db
        .insertInto("checkout_items")
        .values(checkout.items.map(({ unitPrice, ...item }) => ({ ...item, unitPriceCents: unitPrice, checkoutId: checkout.id })))
        .execute();
      await db
        .insertInto("stock_holds")
        .values(
          checkout.items.map((item) => ({
            checkoutId: checkout.id,
            userId: checkout.userId,
            productId: item.productId,
            quantity: item.quantity,
            expiresAt: checkout.expiresAt.toISOString(),
          })),
        )
        .execute();
    },
    async latestHold(userId) {
      const row = await db
        .selectFrom("checkouts")
        .select(["status", "createdAt", "expiresAt", "holdStartedAt", "holdRenewals"])
        .where("userId", "=", userId)
        .orderBy("createdAt", "desc")
        .limit(1)
        .executeTakeFirst();
      if (!row || row.status === "completed") return null;
      return { holdStartedAt: new Date(row.holdStartedAt ?? row.createdAt), holdRenewals: Number(row.holdRenewals), expiresAt: new Date(row.expiresAt) };
    },
    async currentOf(userId) {
      const row = await db
        .selectFrom("checkouts")
        .selectAll()
        .where("userId", "=", userId)
        .where("status", "=", "prepared")
        .orderBy("createdAt", "desc")
        .executeTakeFirst();
      return withItems(row);
    },
    async byPaymentId(paymentId) {
      return withItems(await db.selectFrom("checkouts").selectAll().where("paymentId", "=", paymentId).executeTakeFirst());
    },
    async attachPayment(checkoutId, paymentId, provider) {
      const result = await db
        .updateTable("checkouts")
        .set({ paymentId, paymentProvider: provider })
        .where("id", "=", checkoutId)
        .where("paymentId", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async detachPayment(checkoutId, paymentId) {
      await db
        .updateTable("checkouts")
        .set((eb) => ({ paymentId: null, paymentProvider: null, paymentAttempt: eb("paymentAttempt", "+", 1) }))
        .where("id", "=", checkoutId)
        .where("paymentId", "=", paymentId)
        .execute();
    },
    async countCaptureAttempt(checkoutId, paymentId) {
      await db
        .updateTable("checkouts")
        .set((eb) => ({ paymentAttempt: eb("paymentAttempt", "+", 1) }))
        .where("id", "=", checkoutId)
        .where("paymentId", "=", paymentId)
        .execute();
    },
    async byId(checkoutId) {
      return withItems(await db.selectFrom("checkouts").selectAll().where("id", "=", checkoutId).executeTakeFirst());
    },
    async extendHold(checkoutId, until) {
      const at = until.toISOString();
      const result = await db
        .updateTable("checkouts")
        .set({ expiresAt: at })
        .where("id", "=", checkoutId)
        .where("status", "=", "prepared")
        .where("expiresAt", "<", at)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) await db.updateTable("stock_holds").set({ expiresAt: at }).where("checkoutId", "=", checkoutId).execute();
    },
    async complete(checkoutId) {
      await db.updateTable("checkouts").set({ status: "completed" }).where("id", "=", checkoutId).execute();
      await db.deleteFrom("stock_holds").where("checkoutId", "=", checkoutId).execute();
    },
  };
}
