import type { Kysely } from "kysely";
import { matchesPhrase } from "../shared/full-text.ts";
import type { Database } from "#adapters/db/schema.ts";

/**
 * A support conversation as the admin panel's Support tab lists it: the fields of admin-panel.md
 * section 3 (sessionId is the guest's visitor id), plus what the list needs to be useful at a
 * glance: the email to write back to, how many messages it has and the last one.
 */
export interface AdminConversationView {
  id: string;
  sessionId: string;
  userId: string | null;
  orderId: string | null;
  email: string | null;
  status: "open" | "closed";
  createdAt: string;
  updatedAt: string;
  messageCount: number;
  lastMessage: { sender: "user" | "admin"; message: string; createdAt: string } | null;
}

function conversationsQuery(db: Kysely<Database>) {
  return (
    db
      .selectFrom("support_conversations as c")
      // The last message is the one at the conversation's last position: one indexed lookup per row.
      .leftJoin("support_messages as m", (join) => join.onRef("m.conversationId", "=", "c.id").onRef("m.seq", "=", "c.lastMessageSeq"))
      .select([
        "c.id",
        "c.visitorId",
        "c.userId",
        "c.orderId",
        "c.email",
        "c.status",
        "c.createdAt",
        "c.updatedAt",
        "c.lastMessageSeq",
        "m.sender",
        "m.message",
        "m.createdAt as lastMessageAt",
      ])
  );
}

type Row = Awaited<ReturnType<ReturnType<typeof conversationsQuery>["executeTakeFirstOrThrow"]>>;

function toView(r: Row): AdminConversationView {
  return {
    id: r.id,
    sessionId: r.visitorId,
    userId: r.userId,
    orderId: r.orderId,
    email: r.email,
    status: r.status,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    messageCount: Number(r.lastMessageSeq),
    lastMessage: r.sender && r.message !== null && r.lastMessageAt ? { sender: r.sender, message: r.message, createdAt: r.lastMessageAt } : null,
  };
}

/**
 * What the Support tab filters by: open or closed, and text in the email, order id or conversation
 * id, its words in order at word boundaries ("jane.doe@", "a1b2c3d4", "example.com"), through
 * migration 0025's index.
 */
export interface AdminConversationFilter {
  status?: "open" | "closed" | undefined;
  search?: string | undefined;
}

function filtered(db: Kysely<Database>, filter: AdminConversationFilter) {
  let query = conversationsQuery(db);
  if (filter.status !== undefined) query = query.where("c.status", "=", filter.status);
  if (filter.search !== undefined) {
    query = query.where(matchesPhrase(db, { name: "support_conversation_search", id: "c.id", columns: ["c.email", "c.orderId", "c.id"] }, filter.search));
  }
  return query;
}

/**
 * Conversations newest activity first (a message or closing counts as activity): every one, or
 * those the filter finds, a page at a time when `limit` is given.
 */
export async function listConversationsForAdmin(
  db: Kysely<Database>,
  filter: AdminConversationFilter & { offset?: number; limit?: number | undefined } = {},
): Promise<AdminConversationView[]> {
  let query = filtered(db, filter).orderBy("c.updatedAt", "desc").orderBy("c.createdAt", "desc").orderBy("c.id");
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  if (filter.offset) query = query.offset(filter.offset);
  const rows = await query.execute();
  return rows.map(toView);
}

/** How many conversations the filter finds. */
export async function countConversationsForAdmin(db: Kysely<Database>, filter: AdminConversationFilter = {}): Promise<number> {
  // The join finds at most the one last message of each conversation: one row per conversation.
  const row = await filtered(db, filter)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One conversation in the same shape, or null. */
export async function findConversationForAdmin(db: Kysely<Database>, id: string): Promise<AdminConversationView | null> {
  const row = await conversationsQuery(db).where("c.id", "=", id).executeTakeFirst();
  return row ? toView(row) : null;
}
