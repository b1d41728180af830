import { sql, type Kysely } from "kysely";
import { dialectOf } from "#adapters/db/database.ts";
import { DISPUTED } from "#adapters/db/migrations/0027-list-indexes.ts";
import { HELD } from "#adapters/db/migrations/0033-risk-checks.ts";
import type { Database } from "#adapters/db/schema.ts";
import { lowerEquals, lowerPrefix } from "../shared/text-search.ts";

/** The admin list's payment filter: awaiting payment, refunded (in part or in full), disputed or reversed. */
export type PaymentFilter = "awaiting" | "refunded" | "disputed";

/** What the admin's list of orders is narrowed by (nothing: every order). */
export interface OrderFilter {
  search?: string | undefined;
  status?: string | undefined;
  payment?: PaymentFilter | undefined;
  risk?: "held" | undefined;
  userId?: string | undefined;
}

/** The orders the filter's status, payment state, risk state and user select, its search aside. */
function filteredOrders(db: Kysely<Database>, filter: OrderFilter) {
  let query = db.selectFrom("orders");
  // The Risk queue: the partial index orders_risk_held's predicate verbatim (0033).
  if (filter.risk === "held") query = query.where(sql<boolean>`${sql.raw(HELD)}`);
  if (filter.status !== undefined) query = query.where("status", "=", filter.status);
  if (filter.payment === "awaiting") query = query.where("paymentStatus", "=", "awaiting");
  if (filter.payment === "refunded") query = query.where("paymentStatus", "in", ["partially_refunded", "refunded"]);
  // The partial index orders_disputed_created's predicate verbatim (0027).
  if (filter.payment === "disputed") query = query.where(sql<boolean>`${sql.raw(DISPUTED)}`);
  if (filter.userId !== undefined) query = query.where("userId", "=", filter.userId);
  return query;
}

const searchText = (filter: OrderFilter) => filter.search?.trim() ?? "";

/**
 * Orders whose id, email or Roblox username is the text or starts with it, case-insensitively (the
 * admin's search; blank: every order), with the filter's other conditions: prefix ranges on the
 * lowered indexes of 0027, one per column, which both databases combine (SQLite's multi-index OR,
 * PostgreSQL's bitmap OR). What the list's total counts.
 */
export function matchingOrders(db: Kysely<Database>, filter: OrderFilter) {
  const text = searchText(filter);
  const query = filteredOrders(db, filter);
  if (text === "") return query;
  const dialect = dialectOf(db);
  const prefix = (column: "id" | "email" | "robloxUsername") => lowerPrefix(dialect, column, text);
  return query.where((eb) => eb.or([prefix("id"), prefix("email"), prefix("robloxUsername")]));
}

/**
 * The ids of one page of matchingOrders, newest first, when the filter searches: the same orders in
 * the same order, found as two parts that each read only what the page needs.
 *
 * - Orders whose address is the text itself: one shopper's orders, read newest first on
 *   orders_email_lower_created (0042) and stopped when the page is full.
 * - Every other match (an id or a Roblox name starting with the text, a longer address starting
 *   with it): the prefix ranges, as matchingOrders reads them.
 *
 * The page is the newest of each part's first offset + limit, merged. As one OR, PostgreSQL read an
 * address search (the loyal shopper's 2,000 orders among 500,000) by walking orders_created_id and
 * testing each row until 20 matched: 7,000 rows, p95 48-54 ms (issue 33). Null when there is no search.
 */
export function searchedPageIds(db: Kysely<Database>, filter: OrderFilter, page: { limit: number; offset: number }) {
  const text = searchText(filter);
  if (text === "") return null;
  const dialect = dialectOf(db);
  const prefix = (column: "id" | "email" | "robloxUsername", longerOnly = false) => lowerPrefix(dialect, column, text, { longerOnly });
  const newest = page.offset + page.limit;
  // Each part in a derived table: SQLite takes ORDER BY and LIMIT only on a whole compound select.
  const part = (alias: "address_matches" | "prefix_matches", where: ReturnType<typeof prefix>) =>
    db
      .selectFrom(
        filteredOrders(db, filter).select(["id", "createdAt"]).where(where).orderBy("createdAt", "desc").orderBy("id", "desc").limit(newest).as(alias),
      )
      .select([`${alias}.id as matchId`, `${alias}.createdAt as matchCreatedAt`]);
  const others = sql<boolean>`(${prefix("id")} or ${prefix("email", true)} or ${prefix("robloxUsername")})`;
  // UNION: an order that is in both parts (its Roblox name starts with the address too) is listed once.
  return db
    .selectFrom(
      part("address_matches", lowerEquals(dialect, "email", text))
        .union(part("prefix_matches", others))
        .as("page_matches"),
    )
    .select("page_matches.matchId")
    .orderBy("page_matches.matchCreatedAt", "desc")
    .orderBy("page_matches.matchId", "desc")
    .limit(page.limit)
    .offset(page.offset);
}
