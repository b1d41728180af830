/**
 * better-auth's own tables that the store's typed schema (adapters/db/schema.ts) leaves out, with
 * just the columns the store reads or deletes by: the account data export and erasure (issue 20).
 */
export interface AuthTables {
  account: { id: string; userId: string; providerId: string; password: string | null };
  verification: { id: string; identifier: string; value: string };
  twoFactor: { id: string; userId: string };
  passkey: { id: string; userId: string };
  session: { id: string; userId: string };
}
