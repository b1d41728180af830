import type { FaqRepository } from "#domain/content/faq-repository.port.ts";
import type { Tx } from "../db/database.ts";

export function createFaqRepository(db: Tx): FaqRepository {
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
