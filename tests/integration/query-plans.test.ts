import { CompiledQuery, sql, type Kysely, type KyselyPlugin } from "kysely";
import { describe, expect, it } from "vitest";
import { createMailQueue } from "#adapters/mail/mail-outbox.repository.ts";
import { administratorAddresses } from "#adapters/mail/admin-digest.ts";
import type { Database } from "#adapters/db/schema.ts";
import { createOrderPaymentRepository } from "#adapters/repositories/order-payment.repository.ts";
import { createOrderRepository } from "#adapters/repositories/order.repository.ts";
import { listStaff } from "#read-models/admin/staff.queries.ts";
import { readDeliveryPerformance } from "#read-models/analytics/delivery-performance.query.ts";
import { readAnalyticsSummary } from "#read-models/analytics/summary.query.ts";
import { listUsersForAdmin, countUsersForAdmin } from "#read-models/rewards/rewards.queries.ts";
import { countOrders, deliveryQueue, listOrders } from "#read-models/shopping/orders.queries.ts";
import { countAdminProducts, listAdminProducts, searchProducts } from "#read-models/storefront/catalogue.queries.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";
import { createTestOrder } from "./helpers/test-orders.ts";

/**
 * The query-plan guard (issue 33): every list, count, queue and search query the admin's and the
 * shopper's screens and the background jobs make is run here, and each statement it sends is
 * explained by the database (SQLite: EXPLAIN QUERY PLAN; PostgreSQL: EXPLAIN with sequential scans
 * priced out, so a plan still holding one has no index to use). A statement that reads a whole
 * table fails the test: a new query without its index fails here, at demo size, instead of
 * at a grown shop's (docs/architecture.md, "Indexes and search").
 *
 * SQLite plans without statistics here: the start's PRAGMA optimize measured demo-sized tables
 * (ten games are cheaper to read whole than to look up), and without figures the planner assumes
 * large tables, as at a grown shop. PostgreSQL is told to avoid sequential scans at any price.
 */
const store = await createTestApp();
const { db } = store.app;
if (TEST_DATABASE === "sqlite") {
  await sql`drop table if exists sqlite_stat1`.execute(db);
  // Makes the planner load the (now absent) statistics again.
  await sql`analyze sqlite_schema`.execute(db);
}
const now = new Date();
const userId = (await db.selectFrom("user").select("id").executeTakeFirst())?.id ?? "nobody";
await createTestOrder(db, "plan-order-1", userId);

/** Tables a statement may read whole, each with why that stays cheap at any size. */
const WHOLE_READS_ALLOWED: Record<string, string> = {
  // The bounded count's derived table: at most COUNT_CAP + 1 rows it read through an index.
  found: "read-models/shared/bounded-count.ts",
};

type Recorded = CompiledQuery;

function recording(into: Recorded[]): Kysely<Database> {
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      into.push(db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return db.withPlugin(plugin);
}

/** What each statement the run sends reads whole ("table", or "table: statement" for the message). */
async function wholeReads(run: (db: Kysely<Database>) => Promise<unknown>): Promise<string[]> {
  const statements: Recorded[] = [];
  await run(recording(statements));
  const explained = statements.filter((s) => /^\s*(select|with|update|delete)\b/i.test(s.sql));
  expect(explained.length).toBeGreaterThan(0);
  const found: string[] = [];
  for (const statement of explained) {
    for (const table of TEST_DATABASE === "postgres" ? await postgresSeqScans(statement) : await sqliteScans(statement)) {
      if (!(table in WHOLE_READS_ALLOWED)) found.push(`${table}: ${statement.sql}`);
    }
  }
  return found;
}

async function sqliteScans(statement: Recorded): Promise<string[]> {
  const plan = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]));
  // "SCAN t" reads the table t whole. "SCAN t USING [COVERING] INDEX i" walks a whole index in its
  // order: fine when a LIMIT stops it (a page newest first), a whole read without one. "SEARCH" is
  // a range; FTS5 tables say "VIRTUAL TABLE INDEX".
  const limited = /\blimit\b/i.test(statement.sql);
  return plan.rows
    .map((r) => /^SCAN (\S+)$/.exec(r.detail)?.[1] ?? (limited ? undefined : /^SCAN (\S+) USING (COVERING )?INDEX /.exec(r.detail)?.[1]))
    .filter((t): t is string => t !== undefined);
}

async function postgresSeqScans(statement: Recorded): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const plan = await trx.executeQuery<{ "QUERY PLAN": unknown }>(CompiledQuery.raw(`explain (format json) ${statement.sql}`, [...statement.parameters]));
    const tables: string[] = [];
    const visit = (node: unknown): void => {
      if (!node || typeof node !== "object") return;
      if (Array.isArray(node)) return node.forEach(visit);
      const n = node as Record<string, unknown>;
      if (n["Node Type"] === "Seq Scan") tables.push(String(n["Alias"] ?? n["Relation Name"]));
      for (const value of Object.values(n)) visit(value);
    };
    visit(plan.rows[0]!["QUERY PLAN"]);
    return tables;
  });
}

const SCREENS: Record<string, (db: Kysely<Database>) => Promise<unknown>> = {
  "admin orders, first page and total": (db) => Promise.all([listOrders(db, { limit: 20, now }), countOrders(db)]),
  "admin orders, q= an id, an email or a Roblox username": (db) =>
    Promise.all([listOrders(db, { search: "Jane.D", limit: 20, now }), countOrders(db, "Jane.D")]),
  "admin orders, by status": (db) => Promise.all([listOrders(db, { status: "pending", limit: 20, now }), countOrders(db, undefined, "pending")]),
  "admin orders, searched within a status": (db) => listOrders(db, { search: "plan-", status: "pending", limit: 20, now }),
  "admin orders, awaiting payment": (db) =>
    Promise.all([listOrders(db, { payment: "awaiting", limit: 20, now }), countOrders(db, undefined, undefined, "awaiting")]),
  "admin orders, refunded": (db) => Promise.all([listOrders(db, { payment: "refunded", limit: 20, now }), countOrders(db, undefined, undefined, "refunded")]),
  "admin orders, disputed": (db) => Promise.all([listOrders(db, { payment: "disputed", limit: 20, now }), countOrders(db, undefined, undefined, "disputed")]),
  "shopper's orders": (db) => listOrders(db, { userId, limit: 20, now }),
  "delivery queue and its counts": (db) => deliveryQueue(db, now),
  "admin users, first page and total": (db) => Promise.all([listUsersForAdmin(db, { limit: 20 }), countUsersForAdmin(db)]),
  "admin users, q=": (db) => Promise.all([listUsersForAdmin(db, { search: "sam", limit: 20 }), countUsersForAdmin(db, "sam")]),
  "header search": (db) => searchProducts(db, "dra", now),
  "admin products, searched": (db) =>
    Promise.all([listAdminProducts(db, now, { search: "dragon", limit: 25 }), countAdminProducts(db, now, { search: "dragon" })]),
  "admin analytics": (db) => Promise.all([readAnalyticsSummary(db, { now, timeZone: "UTC" }), readDeliveryPerformance(db, { now, timeZone: "UTC" })]),
  "late-order job's claim": (db) =>
    db.transaction().execute(async (trx) => {
      const orders = createOrderRepository(trx);
      await orders.claimOverdue(now, { compensating: true, except: [] });
      await orders.claimOverdue(now, { compensating: false, except: ["x"] });
      await orders.claimAtRisk(now, 5 * 60_000, []);
    }),
  "payment reconciliation's due checks": (db) => db.transaction().execute((trx) => createOrderPaymentRepository(trx).dueChecks({ now, dueBy: now, limit: 20 })),
  "mail outbox claim": (db) => createMailQueue(db).claim({ now, limit: 10, leaseUntil: now, claim: "plan-test" }),
  "admin staff list": (db) => listStaff(db),
  "admin digest's recipients": (db) => db.transaction().execute((trx) => administratorAddresses(trx)),
};

describe(`query plans on ${TEST_DATABASE}: no list, queue or search reads a whole table`, () => {
  for (const [screen, run] of Object.entries(SCREENS)) {
    it(screen, async () => {
      expect(await wholeReads(run)).toEqual([]);
    });
  }

  it("the guard itself sees a table scan (a search on an unindexed column)", async () => {
    const reads = await wholeReads((db) => db.selectFrom("orders").selectAll().where("discountCode", "=", "X").limit(5).execute());
    expect(reads.map((r) => r.split(":")[0])).toEqual(["orders"]);
  });
});
