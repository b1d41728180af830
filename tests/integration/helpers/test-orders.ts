import { sql, type Kysely } from "kysely";

/*
 * TEST-ONLY STAND-IN for the ordering module's `orders` table.
 *
 * The real table is created by the ordering module's own migration (0004, built in parallel). Until
 * it is merged, the order chat is tested against this minimal table with just the two columns the
 * chat reads (id, userId). Once the real table exists, `create table if not exists` does nothing and
 * `createTestOrder` must insert a real order (through the ordering module's repository or with its
 * required columns): that is the one place to change.
 */
export async function ensureTestOrdersTable(db: Kysely<any>): Promise<void> {
  await sql`create table if not exists "orders" ("id" text primary key, "userId" text)`.execute(db);
}

export async function createTestOrder(db: Kysely<any>, id: string, userId: string | null): Promise<void> {
  await ensureTestOrdersTable(db);
  await sql`insert into "orders" ("id", "userId") values (${id}, ${userId})`.execute(db);
}
