import type { Mail } from "./mail.ts";

/**
 * The outbox of one transaction: a message added here is stored if and only if the transaction
 * commits, and a worker delivers it afterwards. Adding never sends anything itself.
 */
export interface MailOutbox {
  add(mail: Mail): Promise<void>;
}
