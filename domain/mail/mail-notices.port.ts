/**
 * Notices the store writes to the outbox by itself when they are due (a shopper's unread chat
 * reply, the administrators' digest). queueDue adds what is due at `now` and answers how many
 * messages it added; several processes calling it at once add each notice once.
 */
export interface MailNotices {
  queueDue(now: Date): Promise<number>;
}
