import type { Generated } from "kysely";

/**
 * The database's tables as Kysely sees them. Column names are the spec's camelCase field names
 * (Kysely quotes identifiers, so they are portable to PostgreSQL). Money columns are integer cents
 * and end in `Cents`; timestamps are ISO-8601 UTC strings, which sort and compare correctly as text
 * on both SQLite and PostgreSQL.
 */
export interface GamesTable {
  id: string;
  slug: string;
  name: string;
  description: string;
  thumbnail: string;
  displayOrder: number;
  createdAt: string;
}

export interface CategoriesTable {
  id: string;
  gameId: string;
  name: string;
  displayOrder: number;
}

export interface ProductsTable {
  id: string;
  gameId: string;
  name: string;
  category: string;
  description: string;
  image: string;
  priceCents: number;
  originalPriceCents: number | null;
  stock: number;
  displayOrder: number;
  featured: number;
  createdAt: string;
}

export interface MetaTable {
  key: string;
  value: string;
}

/** better-auth's user table with the store's extra fields (see adapters/auth/auth-schema.ts). */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: number;
  image: string | null;
  createdAt: string;
  updatedAt: string;
  firstName: string | null;
  isAdmin: number | null;
  robloxUsername: string | null;
  /** Cents. */
  storeCredit: number | null;
  points: number | null;
}

export interface SessionTable {
  id: string;
  token: string;
  userId: string;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
  ipAddress: string | null;
  userAgent: string | null;
}

/** The append-only event log; `payload` is JSON text. */
export interface EventsTable {
  id: Generated<number>;
  type: string;
  version: number;
  occurredAt: string;
  visitorId: string | null;
  userId: string | null;
  payload: string;
}

/** Tracking endpoints' per-visitor counters: hits in the minute starting at windowStart. */
export interface TrackingRateLimitsTable {
  key: string;
  windowStart: string;
  count: number;
}

/** Which version (and settings, e.g. the time zone) each projection's rm_* tables were built with. */
export interface ProjectionVersionsTable {
  name: string;
  version: number;
  settings: string;
}

/** Analytics read models (rm_*): folded from the event log, rebuilt by `projections rebuild`. */
export interface RmAnalyticsTotalsTable {
  id: string;
  orders: number;
  revenueCents: number;
  users: number;
  pageVisits: number;
  uniqueVisitors: number;
  openSupportConversations: number;
  pendingReviews: number;
}

export interface RmAnalyticsDaysTable {
  day: string;
  orders: number;
  revenueCents: number;
  newUsers: number;
  pageVisits: number;
  uniqueVisitors: number;
}

export interface RmAnalyticsEntitiesTable {
  kind: string;
  entityId: string;
  day: string | null;
  status: string | null;
  amountCents: number;
}

export interface RmLiveVisitorsTable {
  sessionId: string;
  lastPage: string;
  userId: string | null;
  lastVisit: string;
}

export interface RmTopPagesTable {
  page: string;
  count: number;
}

export interface RmPageVisitsTable {
  id: number;
  page: string;
  pageTitle: string;
  referrer: string | null;
  userId: string | null;
  sessionId: string | null;
  createdAt: string;
}

export interface RmNewCustomersTable {
  userId: string;
  email: string;
  registeredAt: string;
  visitorId: string | null;
}

export interface RmCartLinesTable {
  ownerKey: string;
  productId: string;
  productName: string;
  priceCents: number;
  cartQuantity: number;
  trackerQuantity: number;
  lastAddedAt: string;
}

export interface Database {
  events: EventsTable;
  user: UserTable;
  session: SessionTable;
  games: GamesTable;
  categories: CategoriesTable;
  products: ProductsTable;
  meta: MetaTable;
  tracking_rate_limits: TrackingRateLimitsTable;
  projection_versions: ProjectionVersionsTable;
  rm_analytics_totals: RmAnalyticsTotalsTable;
  rm_analytics_days: RmAnalyticsDaysTable;
  rm_analytics_entities: RmAnalyticsEntitiesTable;
  rm_live_visitors: RmLiveVisitorsTable;
  rm_top_pages: RmTopPagesTable;
  rm_page_visits: RmPageVisitsTable;
  rm_new_customers: RmNewCustomersTable;
  rm_cart_lines: RmCartLinesTable;
}
