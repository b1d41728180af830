// The integration files `npm run test:integration:pg` runs: those that test something the database
// engine decides. The SQLite run (`npm run test:integration`) runs every file; running the HTTP
// files a second time on PostgreSQL tested the same statuses, shapes and rules again at about half
// of CI's integration minutes. tests/unit/architecture/postgres-files.test.ts fails when a file that
// touches an engine-specific thing is left out, or when SQL of the store's own is held by none.
import { readdirSync } from "node:fs";

export const INTEGRATION_DIR = "tests/integration";

/** Every `*.db.test.ts` file runs on both engines: repositories, contract suites, migrations, SQL. */
export const DB_TEST_SUFFIX = ".db.test.ts";

/**
 * The other files that run on PostgreSQL too, each with what the database decides in it. A file
 * whose engine-specific part is one test among HTTP ones is listed whole; moving that test into a
 * `*.db.test.ts` file of its own would take it off this list.
 */
export const ALSO_ON_POSTGRES: Readonly<Record<string, string>> = {
  "query-plans.test.ts": "each hot query's plan uses its index, on each engine's planner",
  "catalogue-import.test.ts":
    "the import's one transaction under the products' row locks (FOR UPDATE on PostgreSQL), the holder lines' upserts and the recount",
  "holders-api.test.ts": "a holder's stock never below zero and the lost-account recount, under the products' row locks",
  "cancel-orders-api.test.ts": "an unanswered cancel request granted once: the claim (FOR UPDATE SKIP LOCKED) and its conditional update",
  "planner-statistics.test.ts": "ANALYZE / pg_stats after seeding",
  "product-search.test.ts": "search through the engine's index (FTS5 / pg_trgm), the typo case only on PostgreSQL",
  "scale-concurrency.test.ts": "row locks and isolation under concurrent writers",
  "checkout-concurrency.test.ts": "stock never negative when checkouts race: the engine's locks",
  "page-view-group-commit.test.ts": "batched writes under transaction locks",
  "two-app-processes.test.ts": "two store processes on one PostgreSQL database (LISTEN/NOTIFY, locks)",
  "two-machines.test.ts": "two machines behind a proxy on one PostgreSQL database",
  "checkout-two-processes.test.ts": "a capture in another process on the same database",
  "stripe-webhooks-two-processes.test.ts":
    "one Stripe event delivered to two processes at once acts once: the event's unique key and the payment's conditional updates under row locks",
  "restock-two-processes.test.ts": "restock notices claimed by two processes",
  "webhooks-two-processes.test.ts": "the webhook queue claimed by two processes",
  "late-orders-two-processes.test.ts": "the late-order sweep in two processes",
  "roblox-recheck.test.ts": "the Roblox re-check's claims shared by two app instances (SKIP LOCKED)",
  "migrate-data.test.ts": "copying a SQLite shop into an empty PostgreSQL database",
  "ordering-repositories.sqlite.test.ts": "the ordering repositories' contract suite on the real adapter",
  "catalogue-admin-repositories.sqlite.test.ts": "the catalogue administration repositories' contract suite on the real adapter",
  "mail-outbox.test.ts": "two processes draining one outbox (SKIP LOCKED)",
  "shared-secret.test.ts": "the signing secret kept in the database on PostgreSQL",
  "metrics.test.ts": "the PostgreSQL pool's figures; the operations figures' SQL",
  "attacks-sessions.test.ts": "an expired session's timestamp as each engine stores it",
  "live-events.test.ts": "live notifications through the database (LISTEN/NOTIFY on PostgreSQL)",
  "chat-reply-mail.test.ts": "the chat reply notices' claim query",
  "admin-digest.test.ts": "the administrators' digest query",
  "risk-api.test.ts": "the risk repository's SQL (held payments, decisions)",
  "risk-chargeback-api.test.ts": "the risk repository's chargeback SQL",
  "risk-payers-api.test.ts": "the risk repository's payer figures",
  "risk-blocklist-api.test.ts": "the blocklist repository's matching SQL",
  "store-credit-checkout-api.test.ts": "the balance ledger's SQL under a checkout",
  "account-data.test.ts": "the account erasure's SQL across every table",
  "catalogue-cache.test.ts": "the catalogue version triggers each engine installs",
  "attacks-hoarding.test.ts": "stock holds' SQL",
  "session-reads.test.ts": "the session and cart reads' unplanned values",
  "webhooks-api.test.ts": "the webhook queue's SQL",
  "admin-orders-api.test.ts": "order search (text search per engine), bounded counts, order parties",
  "delivery-api.test.ts": "the delivery queue's SQL",
  "measured-delivery-api.test.ts": "the delivery-times projection's counter upserts, its wide buyer-wait column read back, the 30-day key range",
  "orders-paging-api.test.ts": "keyset paging",
  "content-api.test.ts": "full-text search of content per engine",
  "support-api.test.ts": "full-text search of conversations per engine",
  "admin-product-search-paging.test.ts": "the catalogue's search and paging SQL",
  "points-history-api.test.ts": "the rewards queries (text search, keyset paging)",
  "request-id.test.ts": "the health check's query",
};

/**
 * The store's own SQL (raw `sql` fragments or a branch per engine, outside the migrations)
 * and the file on PostgreSQL that runs it there. Migrations are held by migrated-schema.db.test.ts.
 */
export const SQL_HELD_ON_POSTGRES: Readonly<Record<string, string>> = {
  "adapters/mail/chat-reply-notices.ts": "chat-reply-mail.test.ts",
  "adapters/mail/mail-outbox.repository.ts": "mail-outbox.test.ts",
  "adapters/mail/admin-digest.ts": "admin-digest.test.ts",
  "adapters/repositories/risk.repository.ts": "risk-api.test.ts",
  "adapters/repositories/recipient-rechecks.repository.ts": "roblox-recheck.test.ts",
  "adapters/repositories/cancel-requests.repository.ts": "cancel-orders-api.test.ts",
  "adapters/repositories/cancel-refunds.repository.ts": "late-orders-two-processes.test.ts",
  "adapters/repositories/holder-accounts.repository.ts": "holders-api.test.ts",
  "adapters/repositories/holder-stock.repository.ts": "holders-api.test.ts",
  "read-models/shopping/orders-needing-holder.query.ts": "holders-api.test.ts",
  "adapters/repositories/blocklist.repository.ts": "risk-blocklist-api.test.ts",
  "adapters/repositories/order.repository.ts": "ordering-repositories.sqlite.test.ts",
  "adapters/repositories/balance-ledger.repository.ts": "store-credit-checkout-api.test.ts",
  "adapters/repositories/order-party.queries.ts": "admin-orders-api.test.ts",
  "adapters/repositories/account-erasure.repository.ts": "account-data.test.ts",
  "adapters/db/verified-owner.ts": "mail-outbox.test.ts",
  "adapters/db/planner-statistics.ts": "planner-statistics.test.ts",
  "adapters/db/catalogue-version-triggers.ts": "catalogue-cache.test.ts",
  "adapters/db/copy-database.ts": "migrate-data.test.ts",
  "adapters/db/stock-holds.ts": "attacks-hoarding.test.ts",
  "adapters/db/unplanned-value.ts": "session-reads.test.ts",
  "adapters/db/transaction-locks.ts": "checkout-concurrency.test.ts",
  "adapters/db/sale-price-sql.ts": "sale-price-sql.db.test.ts",
  "adapters/db/live-notifications.ts": "live-events.test.ts",
  "adapters/db/migration-kit.ts": "migrated-schema.db.test.ts",
  "adapters/db/database.ts": "migrated-schema.db.test.ts",
  "adapters/db/compiled-once.ts": "compiled-once.db.test.ts",
  "adapters/db/insert-rows.ts": "event-log.db.test.ts",
  "src/pages/api/health.ts": "request-id.test.ts",
  "adapters/webhooks/webhook-queue.repository.ts": "webhooks-api.test.ts",
  "read-models/shopping/order-search.query.ts": "admin-orders-api.test.ts",
  "read-models/shopping/delivery-queue.queries.ts": "delivery-api.test.ts",
  "read-models/shared/keyset-page.ts": "orders-paging-api.test.ts",
  "read-models/shared/full-text.ts": "content-api.test.ts",
  "read-models/shared/bounded-count.ts": "admin-orders-api.test.ts",
  "read-models/shared/text-search.ts": "admin-orders-api.test.ts",
  "read-models/storefront/product-search.query.ts": "product-search.test.ts",
  "read-models/storefront/product-pages.queries.ts": "product-pages.db.test.ts",
  "read-models/storefront/catalogue.queries.ts": "admin-product-search-paging.test.ts",
  "read-models/operations/operations-figures.query.ts": "metrics.test.ts",
  "read-models/rewards/rewards.queries.ts": "points-history-api.test.ts",
};

/** The files on PostgreSQL, as paths vitest takes, in a stable order. */
export function postgresFiles(dir = INTEGRATION_DIR): string[] {
  const names = readdirSync(dir).filter((name) => name.endsWith(DB_TEST_SUFFIX) || name in ALSO_ON_POSTGRES);
  return names.sort().map((name) => `${dir}/${name}`);
}
