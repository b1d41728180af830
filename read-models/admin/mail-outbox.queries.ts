import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";

export interface MailListEntry {
  id: string;
  recipient: string;
  subject: string;
  template: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface MailDetail extends MailListEntry {
  html: string | null;
  text: string | null;
}

/** The newest outbox messages first (admin Mail view, `cli mail list`); `status` narrows them. */
export async function listMail(
  db: Kysely<Database>,
  options: { limit: number; offset?: number; status?: string; recipient?: string },
): Promise<{ messages: MailListEntry[]; total: number }> {
  let query = db.selectFrom("mail_outbox");
  if (options.status) query = query.where("status", "=", options.status);
  if (options.recipient) query = query.where("recipient", "=", options.recipient);
  const [messages, count] = await Promise.all([
    query
      .select(["id", "recipient", "subject", "template", "status", "attempts", "lastError", "createdAt", "sentAt"])
      .orderBy("createdAt", "desc")
      .orderBy("id")
      .limit(options.limit)
      .offset(options.offset ?? 0)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { messages, total: Number(count.n) };
}

/** One message with its HTML and text as sent (null while not yet sent), or null when there is none. */
export async function mailDetail(db: Kysely<Database>, id: string): Promise<(MailDetail & { data: string }) | null> {
  const row = await db
    .selectFrom("mail_outbox")
    .select(["id", "recipient", "subject", "template", "status", "attempts", "lastError", "createdAt", "sentAt", "html", "text", "data"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}
