import type { Mail, MailToUser } from "./mail.ts";

/**
 * The outbox of one transaction: a message added here is stored if and only if the transaction
 * commits, and a worker delivers it afterwards. Adding never sends anything itself.
 */
export interface MailOutbox {
  /**
   * Adds a message; to an account (`toUserId`), it goes to the account's address, and to nobody
   * when there is no such account. The message belongs to that account, or to `forUserId` (the
   * sender knows whose it is), or else to the account that has verified the address, if any
   * (issue 32: never to an account that merely registered it).
   */
  add(mail: Mail | MailToUser, forUserId?: string): Promise<void>;
}
