import type { Kysely } from "kysely";
import type { BirthDates } from "#domain/accounts/birth-dates.port.ts";
import type { Database } from "../db/schema.ts";

export function createBirthDates(db: Kysely<Database>): BirthDates {
  return {
    async giveOnce(userId, birthDate) {
      const result = await db.updateTable("user").set({ birthDate }).where("id", "=", userId).where("birthDate", "is", null).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
