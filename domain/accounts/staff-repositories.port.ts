import type { Audited } from "../audit/audit-log.port.ts";
import type { MailOutbox } from "../mail/mail-outbox.port.ts";
import type { StaffDirectory } from "./staff-directory.port.ts";

/** What the staff use cases need inside one transaction: the directory, the audit trail of its changes, and the mail it sends. */
export interface StaffRepositories extends Audited {
  staff: StaffDirectory;
  /** Invitations go out with the change that makes them (stored if and only if it commits). */
  outbox: MailOutbox;
}
