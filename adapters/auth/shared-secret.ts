import { randomBytes } from "node:crypto";
import type { Db } from "#adapters/db/database.ts";

/** The secret that signs cookies now, and older ones that still verify during their grace period. */
export interface SigningSecrets {
  current: string;
  /** Verify-only: cookies signed with these are accepted (and re-signed) until their grace ends. */
  previous: string[];
}

const newSecret = () => randomBytes(32).toString("base64url");

/**
 * The generated secret of a PostgreSQL store without AUTH_SECRET, kept in the database so every
 * process and machine signs with the same one. The first process to start creates version 1; any
 * number starting at once race on the primary key, the losers' inserts do nothing, and all read the
 * one that won (insert ... on conflict do nothing, then read).
 */
export async function sharedSecrets(db: Db, now: Date = new Date()): Promise<SigningSecrets> {
  await db
    .insertInto("auth_secrets")
    .values({ version: 1, secret: newSecret(), createdAt: now.toISOString(), verifiesUntil: null })
    .onConflict((oc) => oc.column("version").doNothing())
    .execute();
  const rows = await db.selectFrom("auth_secrets").select(["version", "secret", "verifiesUntil"]).orderBy("version", "desc").execute();
  const [current, ...older] = rows;
  if (!current) throw new Error("auth_secrets is empty after creating its first secret");
  return {
    current: current.secret,
    previous: older.filter((row) => row.verifiesUntil !== null && row.verifiesUntil > now.toISOString()).map((row) => row.secret),
  };
}

/**
 * Replaces the shared secret: a new version signs from each process's next start, and the one it
 * replaces still verifies for `graceMs`, so sessions and visitor cookies made before stay valid
 * while processes restart one by one, and are re-signed with the new secret as they come back.
 * Two rotations at once: the second's insert conflicts on the version and it fails, changing nothing.
 */
export async function rotateSharedSecret(db: Db, graceMs: number, now: Date = new Date()): Promise<{ version: number; verifiesUntil: string }> {
  await sharedSecrets(db, now);
  return db.transaction().execute(async (trx) => {
    const latest = await trx
      .selectFrom("auth_secrets")
      .select((eb) => eb.fn.max("version").as("version"))
      .executeTakeFirstOrThrow();
    const version = Number(latest.version) + 1;
    const verifiesUntil = new Date(now.getTime() + graceMs).toISOString();
    // Older versions still in their grace keep their own end; the one replaced now gets one.
    await trx.updateTable("auth_secrets").set({ verifiesUntil }).where("verifiesUntil", "is", null).execute();
    await trx.insertInto("auth_secrets").values({ version, secret: newSecret(), createdAt: now.toISOString(), verifiesUntil: null }).execute();
    return { version, verifiesUntil };
  });
}
