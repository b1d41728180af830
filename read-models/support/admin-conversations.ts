import type { Kysely } from "kysely";
import type { Database } from "../../adapters/db/schema.ts";

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
  return db
    .selectFrom("supportConversations as c")
    // The last message is the one at the conversation's last position: one indexed lookup per row.
    .leftJoin("supportMessages as m", (join) => join.onRef("m.conversationId", "=", "c.id").onRef("m.seq", "=", "c.lastMessageSeq"))
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
    ]);
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

/** Every conversation, newest activity first (a message or closing counts as activity). */
export async function listConversationsForAdmin(db: Kysely<Database>): Promise<AdminConversationView[]> {
  const rows = await conversationsQuery(db).orderBy("c.updatedAt", "desc").orderBy("c.createdAt", "desc").orderBy("c.id").execute();
  return rows.map(toView);
}

/** One conversation in the same shape, or null. */
export async function findConversationForAdmin(db: Kysely<Database>, id: string): Promise<AdminConversationView | null> {
  const row = await conversationsQuery(db).where("c.id", "=", id).executeTakeFirst();
  return row ? toView(row) : null;
}
