import type { ConsentRecord } from "./consent.ts";

/** The consent history of accounts (terms acceptance, analytics choices); append-only while the account lives. */
export interface ConsentRecords {
  /** Appends one record; an unknown user id is a bug of the caller (the row refers to the account). */
  add(userId: string, record: ConsentRecord): Promise<void>;
}
