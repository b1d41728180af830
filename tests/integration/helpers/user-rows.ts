import { dialectOf, type Db } from "#adapters/db/database.ts";

export interface UserRow {
  email?: string;
  name?: string;
  /** Staff accounts; left out of the row when undefined, so it also fits a schema from before staff roles. */
  staffRole?: string | null;
  points?: number | null;
  storeCredit?: number | null;
}

/** An account row straight in better-auth's table (no password: for repository tests only). */
export async function insertUser(db: Db, id: string, row: UserRow = {}): Promise<string> {
  const postgres = dialectOf(db) === "postgres";
  const now = new Date().toISOString();
  const email = row.email ?? `${id}@shop.test`;
  await db
    .insertInto("user")
    .values({
      id,
      name: row.name ?? id,
      email,
      emailVerified: (postgres ? false : 0) as number,
      image: null,
      createdAt: now,
      updatedAt: now,
      firstName: null,
      isAdmin: (postgres ? Boolean(row.staffRole) : row.staffRole ? 1 : 0) as number,
      ...(row.staffRole === undefined ? {} : { staffRole: row.staffRole }),
      robloxUsername: null,
      storeCredit: row.storeCredit === undefined ? 0 : row.storeCredit,
      points: row.points === undefined ? 0 : row.points,
    })
    .execute();
  return id;
}
