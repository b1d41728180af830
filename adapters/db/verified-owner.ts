import { sql, type RawBuilder } from "kysely";

/**
 * The id of the account that has verified `email`, or null (issue 32): what a row kept under an
 * address is attached to when it is written. An account that only registered the address gets
 * nothing; it gets the earlier rows when it verifies (claimGuestData). better-auth's
 * emailVerified is an integer on SQLite and a boolean on PostgreSQL: cast, then compare.
 */
export function verifiedOwnerOf(email: string): RawBuilder<string | null> {
  return sql<string | null>`(select "id" from "user" where "email" = ${email} and cast("emailVerified" as integer) = 1)`;
}
