import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";

type Conversations = ExpressionBuilder<Database & { c: Database["support_conversations"] }, "c">;

/** An open conversation with a shopper message and no staff reply yet. */
function waits(eb: Conversations) {
  const messages = (sender: "user" | "admin") =>
    eb.exists(eb.selectFrom("support_messages as m").select("m.id").whereRef("m.conversationId", "=", "c.id").where("m.sender", "=", sender));
  return eb.and([eb("c.status", "=", "open"), messages("user"), eb.not(messages("admin"))]);
}

/**
 * A waiting shopper's place in the queue (issue 36): 1 + the waiting conversations started before
 * theirs (earlier first, the id breaking ties). Only the shopper's own waiting conversations get a
 * place; one not asked yet or already answered has none. Both reads go through the open
 * conversations' (status, createdAt) index.
 */
export async function queuePositions(db: Kysely<Database>, conversationIds: readonly string[]): Promise<Map<string, number>> {
  const positions = new Map<string, number>();
  if (conversationIds.length === 0) return positions;
  const mine = await db
    .selectFrom("support_conversations as c")
    .select(["c.id", "c.createdAt"])
    .where("c.id", "in", conversationIds)
    .where((eb) => waits(eb))
    .execute();
  for (const conversation of mine) {
    const ahead = await db
      .selectFrom("support_conversations as c")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("c.status", "=", "open")
      .where((eb) =>
        eb.or([eb("c.createdAt", "<", conversation.createdAt), eb.and([eb("c.createdAt", "=", conversation.createdAt), eb("c.id", "<", conversation.id)])]),
      )
      .where((eb) => waits(eb))
      .executeTakeFirst();
    positions.set(conversation.id, Number(ahead?.count ?? 0) + 1);
  }
  return positions;
}
