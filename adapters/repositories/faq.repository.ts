import type { Kysely } from "kysely";
import type { FaqRepository } from "../../domain/content/faq-repository.port.ts";
import type { Database } from "../db/schema.ts";

export function createFaqRepository(db: Kysely<Database>): FaqRepository {
  return {
    async hasQuestion(question) {
      const row = await db.selectFrom("faqs").select("id").where("question", "=", question).executeTakeFirst();
      return row !== undefined;
    },
    async add(faq) {
      await db.insertInto("faqs").values(faq).execute();
    },
  };
}
