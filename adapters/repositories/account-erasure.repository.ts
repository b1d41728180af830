import { sql, type Kysely } from "kysely";
import type { AuthTables } from "../auth/auth-tables.ts";
import type { AccountErasure } from "#domain/accounts/account-erasure.port.ts";
import type { AccountDeletionWork } from "#domain/accounts/delete-account.ts";
import { userOwnerKey } from "#domain/analytics/cart-activity.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";
import { lockName } from "../db/transaction-locks.ts";
import type { Database } from "../db/schema.ts";
import { orderChatKey, supportChatKey } from "../mail/chat-reply-notices.ts";
import { createStaffDirectory } from "./staff.repository.ts";

/** What kept records say instead of the erased person's address, name and Roblox username. */
export const ERASED = "deleted";

/**
 * "Delete my account" on the store's tables, inside the caller's transaction. Every
 * table that can hold the person is named here; tests/integration/account-data.test.ts scans every
 * table afterwards, so a table added later that keeps the address fails that test until it is
 * handled here.
 */
export function createAccountErasure(trx: Kysely<Database>): AccountErasure {
  // better-auth's own tables (account, verification, twoFactor) are not in our typed schema.
  const raw = trx as unknown as Kysely<AuthTables>;
  return {
    async erase({ userId, email, tombstoneId }) {
      const orderIds = (await trx.selectFrom("orders").select("id").where("userId", "=", userId).execute()).map((o) => o.id);
      // By account id only: what a guest left under this address is the account's once
      // it proved the address (claimGuestData); an account that merely registered it erases none.
      const conversationIds = (await trx.selectFrom("support_conversations").select("id").where("userId", "=", userId).execute()).map((c) => c.id);
      const proven = Boolean((await trx.selectFrom("user").select("emailVerified").where("id", "=", userId).executeTakeFirst())?.emailVerified);
      const submissionFiles = (await trx.selectFrom("submissions").select("file").where("userId", "=", userId).execute()).map((s) => s.file);

      // Messages: support conversations and the orders' chats, with what was read of them.
      const chatKeys = [...conversationIds.map(supportChatKey), ...orderIds.map(orderChatKey)];
      if (chatKeys.length > 0) await trx.deleteFrom("chat_reads").where("chatKey", "in", chatKeys).execute();
      if (conversationIds.length > 0) {
        await trx.deleteFrom("support_messages").where("conversationId", "in", conversationIds).execute();
        await trx.deleteFrom("support_conversations").where("id", "in", conversationIds).execute();
      }
      if (orderIds.length > 0) {
        await trx.deleteFrom("order_messages").where("orderId", "in", orderIds).execute();
        await trx.deleteFrom("order_chats").where("orderId", "in", orderIds).execute();
      }

      // What belongs to the account alone. The ledgers go with it: the balances are forfeited.
      await trx.deleteFrom("cart_items").where("userId", "=", userId).execute();
      await trx.deleteFrom("wishlist_items").where("userId", "=", userId).execute();
      await trx
        .deleteFrom("referrals")
        .where((eb) => eb.or([eb("referredUserId", "=", userId), eb("referrerUserId", "=", userId)]))
        .execute();
      await trx.deleteFrom("referral_codes").where("userId", "=", userId).execute();
      await trx.deleteFrom("submissions").where("userId", "=", userId).execute();
      // Their ratings' words are theirs: gone with the account, and off the product pages.
      await trx.deleteFrom("ratings").where("userId", "=", userId).execute();
      await trx.deleteFrom("points_ledger").where("userId", "=", userId).execute();
      await trx.deleteFrom("store_credit_ledger").where("userId", "=", userId).execute();
      await trx.deleteFrom("consent_records").where("userId", "=", userId).execute();

      // What was kept under the address and attached to the account, and its claims.
      await trx.deleteFrom("item_requests").where("userId", "=", userId).execute();
      // Back-in-stock alerts are kept under the address alone: the proven owner's go.
      if (proven) await trx.deleteFrom("stock_alerts").where("email", "=", email).execute();
      await trx.deleteFrom("promo_claims").where("userId", "=", userId).execute();
      // The balance hold and staff's note about it go with the balances; the chargebacks (order ids and
      // amounts, no personal data) stay with the tombstone's orders for the Risk view's figures.
      await trx.deleteFrom("account_freezes").where("userId", "=", userId).execute();
      await trx.deleteFrom("mail_outbox").where("userId", "=", userId).execute();
      // The parents' addresses its checkouts sent links to: another person's data, theirs to lose with the account.
      await trx.deleteFrom("parent_pay_links").where("userId", "=", userId).execute();
      await trx.deleteFrom("guest_data_claims").where("userId", "=", userId).execute();
      await trx.deleteFrom("staff_invitations").where("userId", "=", userId).execute();
      // The brakes counted for the address go only with an account that proved it: deleting an
      // account made for someone else's address must not reset the brakes on that address.
      await trx
        .deleteFrom("rate_limit_counters")
        .where((eb) => eb.or([...(proven ? [likePattern("key", `%:${escapeLike(email)}`)] : []), likePattern("key", `%:${escapeLike(userId)}`)]))
        .execute();

      // Sign-in: sessions, password and Google links, second factor, passkeys, pending links (reset, verify, change of address).
      await raw.deleteFrom("session").where("userId", "=", userId).execute();
      await raw.deleteFrom("account").where("userId", "=", userId).execute();
      await raw.deleteFrom("twoFactor").where("userId", "=", userId).execute();
      await raw.deleteFrom("passkey").where("userId", "=", userId).execute();
      await raw
        .deleteFrom("verification")
        // By account id: identifiers are hashed, and a link someone else asked for is theirs.
        .where((eb) => eb.or([containsText("value", userId), ...(proven ? [containsText("value", email)] : [])]))
        .execute();

      // Who paid and from where: erased, except the payer id of an order that was disputed or
      // reversed, kept under the tombstone so that a payer who charged back is still known (fraud prevention).
      const disputed = trx
        .selectFrom("orders")
        .select("id")
        .where("userId", "=", userId)
        .where((eb) => eb.or([eb("disputeStatus", "is not", null), eb("paymentStatus", "=", "reversed")]));
      await trx
        .updateTable("order_payers")
        .set({ userId: tombstoneId, payerEmail: null, payerCountry: null, providerRisk: null, clientIp: null })
        .where("userId", "=", userId)
        .where("orderId", "in", disputed)
        .execute();
      await trx.deleteFrom("order_payers").where("userId", "=", userId).execute();

      // Kept for the books, with the person replaced: orders, their checkouts and holds.
      // The Roblox account checked at checkout (id, display name, avatar) names the person too, and
      // so does a Robux order's gamepass (its page names its creator).
      const person = {
        gamePassId: null,
        email: ERASED,
        robloxUsername: ERASED,
        robloxUserId: null,
        robloxDisplayName: null,
        robloxAvatarUrl: null,
        robloxAccountCreatedAt: null,
      };
      await trx
        .updateTable("orders")
        .set({ userId: tombstoneId, ...person })
        .where("userId", "=", userId)
        .execute();
      await trx
        .updateTable("checkouts")
        .set({ userId: tombstoneId, ...person })
        .where("userId", "=", userId)
        .execute();
      await trx.updateTable("stock_holds").set({ userId: tombstoneId }).where("userId", "=", userId).execute();
      // A staff member's traces on others' records: who refunded, delivered, decided, created.
      await trx.updateTable("refunds").set({ actorId: tombstoneId }).where("actorId", "=", userId).execute();
      await trx.updateTable("order_timeline").set({ actorId: tombstoneId }).where("actorId", "=", userId).execute();
      await trx.updateTable("order_proofs").set({ uploadedBy: tombstoneId }).where("uploadedBy", "=", userId).execute();
      await trx.updateTable("orders").set({ deliveryStartedBy: tombstoneId }).where("deliveryStartedBy", "=", userId).execute();
      await trx.updateTable("submissions").set({ decidedBy: tombstoneId }).where("decidedBy", "=", userId).execute();
      await trx.updateTable("discount_codes").set({ createdBy: tombstoneId }).where("createdBy", "=", userId).execute();
      await trx.updateTable("points_ledger").set({ actorId: tombstoneId }).where("actorId", "=", userId).execute();
      await trx.updateTable("store_credit_ledger").set({ actorId: tombstoneId }).where("actorId", "=", userId).execute();
      await eraseFromAuditTrail(trx, userId, proven ? email : null, tombstoneId);

      // Analytics: the event log and its projections keep every count, under the tombstone. The
      // log is rewritten the same way as the projections, so `projections rebuild` still agrees.
      await trx.updateTable("events").set({ userId: tombstoneId }).where("userId", "=", userId).execute();
      const registrations = await trx
        .selectFrom("events")
        .select(["id", "payload"])
        .where("userId", "=", tombstoneId)
        .where("type", "=", "UserRegistered")
        .execute();
      for (const event of registrations) {
        await trx
          .updateTable("events")
          .set({ payload: JSON.stringify({ ...JSON.parse(event.payload), email: ERASED }) })
          .where("id", "=", event.id)
          .execute();
      }
      await trx.updateTable("rm_new_customers").set({ userId: tombstoneId, email: ERASED }).where("userId", "=", userId).execute();
      await trx.updateTable("rm_live_visitors").set({ userId: tombstoneId }).where("userId", "=", userId).execute();
      await trx.updateTable("rm_page_visits").set({ userId: tombstoneId }).where("userId", "=", userId).execute();
      await trx.updateTable("rm_analytics_entities").set({ entityId: tombstoneId }).where("entityId", "=", userId).execute();
      await trx
        .updateTable("rm_cart_lines")
        .set({ ownerKey: userOwnerKey(tombstoneId) })
        .where("ownerKey", "=", userOwnerKey(userId))
        .execute();

      await trx.deleteFrom("user").where("id", "=", userId).execute();
      return { submissionFiles };
    },
  };
}

/**
 * The audit trail keeps what staff did, but not who the erased person was: their address in an
 * entry's before/after and as its author becomes "deleted", their id the tombstone.
 */
async function eraseFromAuditTrail(trx: Kysely<Database>, userId: string, email: string | null, tombstoneId: string): Promise<void> {
  // The address is matched as text only when the account proved it; an entry about
  // this account itself (its id) has its address scrubbed either way.
  const entries = await trx
    .selectFrom("audit_entries")
    .selectAll()
    .where((eb) =>
      eb.or([
        eb("adminId", "=", userId),
        eb("entityId", "=", userId),
        ...(email ? [containsText("before", email), containsText("after", email), eb("adminEmail", "=", email)] : []),
      ]),
    )
    .execute();
  for (const entry of entries) {
    const own = entry.adminId === userId || entry.entityId === userId;
    const address = email ?? (own ? await addressOf(trx, userId) : null);
    const scrub = (text: string) => (address ? text.split(address).join(ERASED) : text).split(userId).join(tombstoneId);
    await trx
      .updateTable("audit_entries")
      .set({
        adminId: entry.adminId === userId ? tombstoneId : entry.adminId,
        adminEmail: entry.adminEmail === address || entry.adminId === userId ? ERASED : entry.adminEmail,
        entityId: entry.entityId === userId ? tombstoneId : entry.entityId,
        before: scrub(entry.before),
        after: scrub(entry.after),
      })
      .where("id", "=", entry.id)
      .execute();
  }
}

async function addressOf(trx: Kysely<Database>, userId: string): Promise<string | null> {
  return (await trx.selectFrom("user").select("email").where("id", "=", userId).executeTakeFirst())?.email ?? null;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** LIKE with an explicit escape character: SQLite has none by default, and addresses hold "_". */
function likePattern(column: string, pattern: string) {
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

function containsText(column: string, text: string) {
  return likePattern(column, `%${escapeLike(text)}%`);
}

/** The deletion's transaction: the owner count it reads and the erasure, one owner deletion at a time. */
export function createAccountDeletionUnitOfWork(db: Kysely<Database>): UnitOfWork<AccountDeletionWork> {
  return {
    run: (work) =>
      db.transaction().execute(async (trx) => {
        await lockName(trx, "staff-owners");
        return work({ staff: createStaffDirectory(trx), erasure: createAccountErasure(trx) });
      }),
  };
}
