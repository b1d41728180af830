import type { Kysely } from "kysely";
import type { ConsentRecords } from "#domain/accounts/consent-records.port.ts";
import type { IdGenerator } from "#domain/shared/id-generator.port.ts";
import type { Database } from "../db/schema.ts";

export function createConsentRecords(db: Kysely<Database>, ids: IdGenerator): ConsentRecords {
  return {
    async add(userId, record) {
      await db
        .insertInto("consent_records")
        .values({ id: ids.newId(), userId, kind: record.kind, choice: record.choice, version: record.version, recordedAt: record.recordedAt.toISOString() })
        .execute();
    },
  };
}
