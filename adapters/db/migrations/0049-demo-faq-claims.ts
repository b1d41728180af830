import { sql, type Kysely } from "kysely";

/**
 * The demo FAQ named payment methods the store never offered (issue 47): "Bank transfer and ATM/cash
 * payments are available on request", and refund times for cards and PayPal on a store that may
 * take neither. The FAQ now writes its answer about paying from the store's configured payment
 * methods (read-models/storefront/content.queries.ts), so the stored one goes, and the refunds
 * answer no longer names methods. The review answer says, where the reward is offered, that it is
 * not conditioned on a good review. Only the demo's own words are changed: an answer the owner
 * edited since is theirs, and stays.
 */
const SEEDED_PAYMENT_ANSWER =
  "We accept PayPal and cards through our secure payment provider. Bank transfer and ATM/cash payments are available on request through live support.";
const SEEDED_REFUNDS_ANSWER =
  "Approved refunds are processed in 3-5 business days. Card refunds take 5-10 business days to appear, PayPal refunds 1-3 business days, and store credit is instant.";
const SEEDED_REVIEW_ANSWER =
  "Leave a review, upload a screenshot of it from the Points tab of your dashboard, and you earn 300 points once our team approves it.";
const REVIEW_ANSWER =
  "Leave a review, upload a screenshot of it from the Points tab of your dashboard, and you earn 300 points once our team approves it. Any honest review counts, good or bad: the points are the same whatever stars you give.";
const REFUNDS_ANSWER =
  "Approved refunds are processed in 3-5 business days and go back the way you paid; store credit is instant. Our Refund Policy says how long each way of paying takes to show it.";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`delete from faqs where answer = ${SEEDED_PAYMENT_ANSWER}`.execute(db);
  await sql`update faqs set answer = ${REFUNDS_ANSWER} where answer = ${SEEDED_REFUNDS_ANSWER}`.execute(db);
  await sql`update faqs set answer = ${REVIEW_ANSWER} where answer = ${SEEDED_REVIEW_ANSWER}`.execute(db);
}

export async function down(): Promise<void> {
  // Nothing to undo: the removed answer named payments the store never took.
}
