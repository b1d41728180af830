import type { Db } from "#adapters/db/database.ts";
import type { FileStore } from "#domain/shared/file-store.port.ts";
import { assertStoreKey, etagOf, isStoreKey, sha256Of } from "./file-keys.ts";

const PAGE = 500;

/**
 * Files as rows of `stored_files` (bytes in a BLOB on SQLite, a bytea on PostgreSQL): the default,
 * because every process that shares the database then shares the files too, and a backup of the
 * database is a backup of the uploads. Files are at most 5 MB and read by key only.
 */
export function createDatabaseFileStore(db: Db, now: () => Date = () => new Date()): FileStore {
  return {
    kind: "database",
    async put(key, bytes, contentType) {
      assertStoreKey(key);
      await db
        .insertInto("stored_files")
        .values({ key, contentType, size: bytes.byteLength, sha256: sha256Of(bytes), bytes: Buffer.from(bytes), createdAt: now().toISOString() })
        // A key is never reused: a second put of a key (a content-addressed logo uploaded twice) keeps the first.
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
    },
    async get(key) {
      if (!isStoreKey(key)) return null;
      const row = await db.selectFrom("stored_files").select(["bytes", "contentType", "sha256"]).where("key", "=", key).executeTakeFirst();
      if (!row) return null;
      const buffer = row.bytes;
      // A copy that owns its memory exactly (a pg or SQLite Buffer may be a view into a larger pool).
      const bytes = new Uint8Array(buffer.byteLength);
      bytes.set(buffer);
      return { bytes, contentType: row.contentType, etag: etagOf(row.sha256) };
    },
    async remove(key) {
      if (!isStoreKey(key)) return;
      await db.deleteFrom("stored_files").where("key", "=", key).execute();
    },
    async *keys() {
      let after = "";
      for (;;) {
        const rows = await db.selectFrom("stored_files").select("key").where("key", ">", after).orderBy("key").limit(PAGE).execute();
        for (const row of rows) yield row.key;
        if (rows.length < PAGE) return;
        after = rows[rows.length - 1]!.key;
      }
    },
    presignedGet: async () => null,
  };
}
