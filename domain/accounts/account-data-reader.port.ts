import type { AccountData } from "./account-data.ts";

/** The read side of "download my data": every table's rows of one account, gathered. */
export interface AccountDataReader {
  /** null: no account has this id. Reads at one moment where the database allows it (one transaction). */
  read(userId: string): Promise<AccountData | null>;
}
