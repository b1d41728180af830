import type { Kysely } from "kysely";
import type { AccountDataReader } from "#domain/accounts/account-data-reader.port.ts";
import type { AccountData } from "#domain/accounts/account-data.ts";
import { formatCents } from "#domain/shared/money.ts";
import type { Database } from "#adapters/db/schema.ts";
import type { AuthTables } from "#adapters/auth/auth-tables.ts";

const iso = (value: string | Date) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

/**
 * "Download my data": every table's rows of one account, read in one transaction so
 * the file is one moment's picture, every row found by account id (never by a bare address match,
 * issue 32). Someone else appears only by account id (who they referred).
 */
export function createAccountDataReader(db: Kysely<Database>): AccountDataReader {
  return {
    read: (userId) => db.transaction().execute((trx) => readAccountData(trx, userId)),
  };
}

async function readAccountData(db: Kysely<Database>, userId: string): Promise<AccountData | null> {
  const user = await db.selectFrom("user").selectAll().where("id", "=", userId).executeTakeFirst();
  if (!user) return null;
  const raw = db as unknown as Kysely<AuthTables>;
  const signInMethods = (await raw.selectFrom("account").select("providerId").where("userId", "=", userId).execute()).map((a) => a.providerId);

  const orders = await db.selectFrom("orders").selectAll().where("userId", "=", userId).orderBy("createdAt").execute();
  const orderIds = orders.map((o) => o.id);
  const items = orderIds.length ? await db.selectFrom("order_items").selectAll().where("orderId", "in", orderIds).execute() : [];
  const payers = orderIds.length ? await db.selectFrom("order_payers").selectAll().where("orderId", "in", orderIds).execute() : [];
  const payerOf = (orderId: string) => {
    const row = payers.find((p) => p.orderId === orderId);
    return row ? { payerId: row.payerId, payerEmail: row.payerEmail, payerCountry: row.payerCountry, clientIp: row.clientIp } : null;
  };
  const orderMessages = orderIds.length ? await db.selectFrom("order_messages").selectAll().where("orderId", "in", orderIds).orderBy("seq").execute() : [];

  // By account id only: a guest's rows under this address are the account's once it
  // proved the address (claimGuestData attached them); registering the address gives nothing.
  const conversations = await db.selectFrom("support_conversations").selectAll().where("userId", "=", userId).orderBy("createdAt").execute();
  const conversationIds = conversations.map((c) => c.id);
  const supportMessages = conversationIds.length
    ? await db.selectFrom("support_messages").selectAll().where("conversationId", "in", conversationIds).orderBy("seq").execute()
    : [];

  const points = await db.selectFrom("points_ledger").selectAll().where("userId", "=", userId).orderBy("createdAt").execute();
  const credit = await db.selectFrom("store_credit_ledger").selectAll().where("userId", "=", userId).orderBy("createdAt").execute();
  const submissions = await db.selectFrom("submissions").selectAll().where("userId", "=", userId).orderBy("createdAt").execute();
  const ratings = await db.selectFrom("ratings").selectAll().where("userId", "=", userId).orderBy("createdAt").execute();
  const code = await db.selectFrom("referral_codes").selectAll().where("userId", "=", userId).executeTakeFirst();
  const referred = await db
    .selectFrom("referrals")
    .select(["referredUserId", "createdAt", "successfulAt"])
    .where("referrerUserId", "=", userId)
    .orderBy("createdAt")
    .execute();
  const referredWith = await db.selectFrom("referrals").select("code").where("referredUserId", "=", userId).executeTakeFirst();
  const wishlist = await db
    .selectFrom("wishlist_items")
    .leftJoin("products", "products.id", "wishlist_items.productId")
    .select(["wishlist_items.productId", "products.name", "wishlist_items.createdAt"])
    .where("wishlist_items.userId", "=", userId)
    .orderBy("wishlist_items.createdAt")
    .execute();
  const cart = await db
    .selectFrom("cart_items")
    .leftJoin("products", "products.id", "cart_items.productId")
    .select(["cart_items.productId", "products.name", "cart_items.quantity", "cart_items.createdAt"])
    .where("cart_items.userId", "=", userId)
    .orderBy("cart_items.createdAt")
    .execute();
  const itemRequests = await db.selectFrom("item_requests").selectAll().where("userId", "=", userId).orderBy("createdAt").execute();
  const promoClaims = await db.selectFrom("promo_claims").selectAll().where("userId", "=", userId).execute();
  const consents = await db.selectFrom("consent_records").selectAll().where("userId", "=", userId).orderBy("recordedAt").execute();

  return {
    account: {
      id: user.id,
      email: user.email,
      name: user.name,
      firstName: user.firstName,
      robloxUsername: user.robloxUsername,
      birthDate: user.birthDate,
      emailVerified: Boolean(user.emailVerified),
      staffRole: user.isAdmin ? (user.staffRole ?? "owner") : null,
      twoFactorEnabled: Boolean(user.twoFactorEnabled),
      storeCredit: formatCents(Number(user.storeCredit ?? 0)),
      points: Number(user.points ?? 0),
      createdAt: iso(user.createdAt),
      signInMethods,
    },
    orders: orders.map((o) => ({
      id: o.id,
      status: o.status,
      paymentStatus: o.paymentStatus,
      email: o.email,
      robloxUsername: o.robloxUsername,
      subtotal: formatCents(Number(o.subtotalCents)),
      discountCode: o.discountCode,
      discount: formatCents(Number(o.discountCents)),
      storeCreditApplied: formatCents(Number(o.creditAppliedCents)),
      total: formatCents(Number(o.totalCents)),
      refunded: formatCents(Number(o.refundedCents)),
      createdAt: iso(o.createdAt),
      items: items
        .filter((i) => i.orderId === o.id)
        .map((i) => ({ productId: i.productId, productName: i.productName, unitPrice: formatCents(Number(i.unitPriceCents)), quantity: Number(i.quantity) })),
      messages: orderMessages.filter((m) => m.orderId === o.id).map((m) => ({ sender: m.sender, message: m.message, createdAt: iso(m.createdAt) })),
      payment: payerOf(o.id),
    })),
    supportConversations: conversations.map((c) => ({
      id: c.id,
      status: c.status,
      orderId: c.orderId,
      email: c.email,
      createdAt: iso(c.createdAt),
      messages: supportMessages.filter((m) => m.conversationId === c.id).map((m) => ({ sender: m.sender, message: m.message, createdAt: iso(m.createdAt) })),
    })),
    pointsLedger: points.map((p) => ({ amount: Number(p.amount), reason: p.reason, reference: p.reference, createdAt: iso(p.createdAt) })),
    storeCreditLedger: credit.map((c) => ({
      amount: formatCents(Number(c.amountCents)),
      reason: c.reason,
      reference: c.reference,
      createdAt: iso(c.createdAt),
    })),
    ratings: ratings.map((r) => ({
      orderId: r.orderId,
      productId: r.productId,
      stars: Number(r.stars),
      comment: r.comment,
      status: r.status,
      reply: r.reply,
      createdAt: iso(r.createdAt),
    })),
    reviewSubmissions: submissions.map((s) => ({
      id: s.id,
      status: s.status,
      file: s.file,
      adminNotes: s.adminNotes,
      createdAt: iso(s.createdAt),
      decidedAt: s.decidedAt ? iso(s.decidedAt) : null,
    })),
    referrals: {
      code: code?.code ?? null,
      successfulReferrals: Number(code?.successfulReferrals ?? 0),
      referredUsers: referred.map((r) => ({
        userId: r.referredUserId,
        createdAt: iso(r.createdAt),
        successfulAt: r.successfulAt ? iso(r.successfulAt) : null,
      })),
      referredWithCode: referredWith?.code ?? null,
    },
    wishlist: wishlist.map((w) => ({ productId: w.productId, productName: w.name ?? null, addedAt: iso(w.createdAt) })),
    cart: cart.map((c) => ({ productId: c.productId, productName: c.name ?? null, quantity: Number(c.quantity), addedAt: iso(c.createdAt) })),
    itemRequests: itemRequests.map((r) => ({ gameId: r.gameId, itemName: r.itemName, description: r.description, createdAt: iso(r.createdAt) })),
    promoClaims: promoClaims.map((p) => ({ discountCodeId: p.discountCodeId, createdAt: iso(p.createdAt) })),
    consents: consents.map((c) => ({ kind: c.kind, choice: c.choice, version: c.version, recordedAt: iso(c.recordedAt) })),
  };
}
