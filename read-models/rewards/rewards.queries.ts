import type { Kysely } from "kysely";
import { keysetPage, newestFirstAfter, type KeysetCursor } from "../shared/keyset-page.ts";
import { dialectOf } from "#adapters/db/database.ts";
import type { Database } from "#adapters/db/schema.ts";
import { boundedCount, type BoundedCount } from "../shared/bounded-count.ts";
import { lowerPrefix } from "../shared/text-search.ts";
import { POINTS_REASON_LABELS, type PointsReason } from "#domain/rewards/ledger.ts";
import { creditForPoints, POINTS_PER_CREDIT_DOLLAR, redeemablePoints, REVIEW_APPROVAL_POINTS } from "#domain/rewards/points.ts";
import { formatCents } from "#domain/shared/money.ts";
import { screenshotUrl, type AdminUserView, type PointsEntryView, type PointsOverviewView, type SubmissionView } from "./rewards.views.ts";

/** Points history entries in one page: the Points tab's first, and each "Show more" (issue 33). */
export const HISTORY_LIMIT = 50;

function historyEntry(e: { id: string; amount: number; reason: string; createdAt: string }): PointsEntryView {
  return {
    id: e.id,
    amount: Number(e.amount),
    reason: e.reason,
    label: POINTS_REASON_LABELS[e.reason as PointsReason] ?? e.reason,
    createdAt: e.createdAt,
  };
}

/**
 * One page of a user's points history, newest first, after the entry `before` (the previous page's
 * last; the first page without it). Keyset paging on (createdAt, id) through
 * points_ledger_user_created; `before` is looked up among the user's own entries only, another's
 * answers an empty page. One row more than the page says whether `nextCursor` follows.
 */
export async function listPointsHistoryPage(
  db: Kysely<Database>,
  userId: string,
  page: { before?: string | undefined; limit: number },
): Promise<{ entries: PointsEntryView[]; nextCursor: string | null }> {
  let cursor: KeysetCursor | null = null;
  if (page.before !== undefined) {
    const found = await db
      .selectFrom("points_ledger")
      .select(["createdAt", "id"])
      .where("id", "=", page.before)
      .where("userId", "=", userId)
      .executeTakeFirst();
    if (!found) return { entries: [], nextCursor: null };
    cursor = found;
  }
  const query = db.selectFrom("points_ledger").select(["id", "amount", "reason", "createdAt"]).where("userId", "=", userId);
  const { shown, nextCursor } = keysetPage(await newestFirstAfter(query, cursor, page.limit).execute(), page.limit);
  return { entries: shown.map(historyEntry), nextCursor };
}

/** The user's store credit in cents (0 for none, a negative or unknown balance): what checkout may apply. */
export async function storeCreditOf(db: Kysely<Database>, userId: string): Promise<number> {
  const user = await db.selectFrom("user").select("storeCredit").where("id", "=", userId).executeTakeFirst();
  return Math.max(0, Number(user?.storeCredit ?? 0));
}

/** The Points tab of a user (null for an unknown user): newest history first, the latest submission. */
export async function pointsOverview(db: Kysely<Database>, userId: string): Promise<PointsOverviewView | null> {
  const user = await db.selectFrom("user").select(["points", "storeCredit"]).where("id", "=", userId).executeTakeFirst();
  if (!user) return null;
  const points = Number(user.points ?? 0);
  const [history, submission, freeze] = await Promise.all([
    listPointsHistoryPage(db, userId, { limit: HISTORY_LIMIT }),
    db
      .selectFrom("submissions")
      .select(["id", "status", "file", "createdAt"])
      .where("userId", "=", userId)
      .orderBy("createdAt", "desc")
      .limit(1)
      .executeTakeFirst(),
    db.selectFrom("account_freezes").select("userId").where("userId", "=", userId).where("clearedAt", "is", null).executeTakeFirst(),
  ]);
  return {
    points,
    value: formatCents(creditForPoints(Math.max(0, points))),
    redeemablePoints: redeemablePoints(points),
    storeCredit: formatCents(Number(user.storeCredit ?? 0)),
    pointsPerCreditDollar: POINTS_PER_CREDIT_DOLLAR,
    reviewPoints: REVIEW_APPROVAL_POINTS,
    history: history.entries,
    historyNextCursor: history.nextCursor,
    submission: submission
      ? { id: submission.id, status: submission.status, screenshotUrl: screenshotUrl(submission.file), createdAt: submission.createdAt }
      : null,
    onHold: freeze !== undefined,
  };
}

function submissionsQuery(db: Kysely<Database>) {
  return db
    .selectFrom("submissions")
    .leftJoin("user", "user.id", "submissions.userId")
    .select([
      "submissions.id",
      "submissions.userId",
      "user.email",
      "submissions.status",
      "submissions.file",
      "submissions.createdAt",
      "submissions.adminNotes",
      "submissions.decidedAt",
    ]);
}

function toSubmissionView({ file, ...row }: { file: string } & Omit<SubmissionView, "screenshotUrl">): SubmissionView {
  return { ...row, email: row.email ?? null, screenshotUrl: screenshotUrl(file) };
}

/** Every review submission for the admin panel, newest first. */
export async function listSubmissions(
  db: Kysely<Database>,
  filter: { status?: SubmissionView["status"] | undefined; offset?: number; limit?: number | undefined } = {},
): Promise<SubmissionView[]> {
  let query = submissionsQuery(db).orderBy("submissions.createdAt", "desc").orderBy("submissions.id", "desc");
  if (filter.status !== undefined) query = query.where("submissions.status", "=", filter.status);
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  if (filter.offset) query = query.offset(filter.offset);
  const rows = await query.execute();
  return rows.map(toSubmissionView);
}

/** How many submissions have this status (all of them without one). */
export async function countSubmissions(db: Kysely<Database>, status?: SubmissionView["status"]): Promise<number> {
  let query = db.selectFrom("submissions").select((eb) => eb.fn.countAll<number | string>().as("n"));
  if (status !== undefined) query = query.where("status", "=", status);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** One submission as the admin panel shows it, or null. */
export async function findSubmission(db: Kysely<Database>, id: string): Promise<SubmissionView | null> {
  const row = await submissionsQuery(db).where("submissions.id", "=", id).executeTakeFirst();
  return row ? toSubmissionView(row) : null;
}

/** Who owns the screenshot stored under this file name (for the permission check), or null. */
export async function findScreenshotOwner(db: Kysely<Database>, file: string): Promise<string | null> {
  const row = await db.selectFrom("submissions").select("userId").where("file", "=", file).executeTakeFirst();
  return row?.userId ?? null;
}

/** Accounts whose email, Roblox username or id is the text or starts with it, case-insensitively (0027's lowered indexes). */
function usersQuery(db: Kysely<Database>, search: string | undefined) {
  const query = db.selectFrom("user");
  const text = search?.trim() ?? "";
  if (text === "") return query;
  const dialect = dialectOf(db);
  return query.where((eb) => eb.or([lowerPrefix(dialect, "email", text), lowerPrefix(dialect, "robloxUsername", text), lowerPrefix(dialect, "id", text)]));
}

/**
 * Accounts for the admin panel's Users tab, newest first (index user_created_id): every one, or
 * those whose email, Roblox username or id starts with `search`, a page at a time when `limit` is given.
 */
export async function listUsersForAdmin(
  db: Kysely<Database>,
  filter: { search?: string | undefined; offset?: number; limit?: number | undefined } = {},
): Promise<AdminUserView[]> {
  let query = usersQuery(db, filter.search)
    .select(["id", "email", "isAdmin", "robloxUsername", "storeCredit", "points"])
    .orderBy("createdAt", "desc")
    .orderBy("id");
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  if (filter.offset) query = query.offset(filter.offset);
  const rows = await query.execute();
  return rows.map(toAdminUser);
}

/** How many accounts the Users tab's search finds, up to COUNT_CAP ("10,000+" past it). */
export async function countUsersForAdmin(db: Kysely<Database>, search?: string): Promise<BoundedCount> {
  return boundedCount(db, usersQuery(db, search));
}

export async function findUserForAdmin(db: Kysely<Database>, userId: string): Promise<AdminUserView | null> {
  const row = await db
    .selectFrom("user")
    .select(["id", "email", "isAdmin", "robloxUsername", "storeCredit", "points"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return row ? toAdminUser(row) : null;
}

/** How many people signed up through the user's link (successful or not yet). */
export async function countReferredSignups(db: Kysely<Database>, referrerUserId: string): Promise<number> {
  const row = await db
    .selectFrom("referrals")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("referrerUserId", "=", referrerUserId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

function toAdminUser(row: {
  id: string;
  email: string;
  isAdmin: number | boolean | null;
  robloxUsername: string | null;
  storeCredit: number | null;
  points: number | null;
}): AdminUserView {
  return {
    id: row.id,
    email: row.email,
    // SQLite stores better-auth's booleans as 1/0, PostgreSQL as booleans; the spec shows 1 or 0.
    isAdmin: row.isAdmin === true || row.isAdmin === 1 ? 1 : 0,
    robloxUsername: row.robloxUsername,
    storeCredit: formatCents(Number(row.storeCredit ?? 0)),
    points: Number(row.points ?? 0),
  };
}
