import type { Audited } from "../audit/audit-log.port.ts";
import type { StaffDirectory } from "./staff-directory.port.ts";

/** What the staff use cases need inside one transaction: the directory, and the audit trail of its changes. */
export interface StaffRepositories extends Audited {
  staff: StaffDirectory;
}
