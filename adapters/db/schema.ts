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

/** Rewards (migration 0009): append-only ledgers whose sums are the balances on `user`. */
export interface PointsLedgerTable {
  id: string;
  userId: string;
  /** Points; positive credits, negative debits. */
  amount: number;
  reason: string;
  reference: string;
  actorId: string | null;
  createdAt: string;
}

export interface StoreCreditLedgerTable {
  id: string;
  userId: string;
  amountCents: number;
  reason: string;
  reference: string;
  actorId: string | null;
  createdAt: string;
}

export interface ReferralCodesTable {
  userId: string;
  code: string;
  successfulReferrals: number;
  createdAt: string;
}

export interface ReferralsTable {
  referredUserId: string;
  referrerUserId: string;
  code: string;
  createdAt: string;
  successfulAt: string | null;
  firstCompletedOrderId: string | null;
}

export interface SubmissionsTable {
  id: string;
  userId: string;
  status: "pending" | "approved" | "rejected";
  /** The screenshot's file name under DATA_DIR/uploads/reviews. */
  file: string;
  createdAt: string;
  adminNotes: string | null;
  decidedAt: string | null;
  decidedBy: string | null;
}

export interface Database {
  events: EventsTable;
  user: UserTable;
  session: SessionTable;
  games: GamesTable;
  categories: CategoriesTable;
  products: ProductsTable;
  meta: MetaTable;
  points_ledger: PointsLedgerTable;
  store_credit_ledger: StoreCreditLedgerTable;
  referral_codes: ReferralCodesTable;
  referrals: ReferralsTable;
  submissions: SubmissionsTable;
}
