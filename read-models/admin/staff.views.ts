import type { StaffRole } from "#domain/accounts/staff-roles.ts";

/** A staff member as the Staff tab lists them (issue 20). */
export interface StaffView {
  id: string;
  email: string;
  firstName: string | null;
  role: StaffRole;
  /** Invited and the link not followed yet: `role` is the role offered, not held (issue 32). */
  invitationPending: boolean;
}
