import type { EventLog } from "../analytics/event-log.port.ts";
import type { MailOutbox } from "../mail/mail-outbox.port.ts";
import type { BalanceLedger } from "../rewards/balance-ledger.port.ts";
import type { PointsReason } from "../rewards/ledger.ts";
import type { SubmissionRepository } from "./submission-repository.port.ts";

/** What the review use cases get from a unit of work: all bound to one transaction. */
export interface ReviewsRepositories {
  submissions: SubmissionRepository;
  points: BalanceLedger<PointsReason>;
  events: EventLog;
  /** The shopper's email about the decision, kept only if the decision is. */
  mail: MailOutbox;
}
