import type { StaffRole } from "#domain/accounts/staff-roles.ts";

/** A staff member as the Staff tab lists them (issue 20). */
export interface StaffView {
  id: string;
  email: string;
  firstName: string | null;
  role: StaffRole;
  /** Invited and not signed in yet (no password set from the invitation's link). */
  invitationPending: boolean;
}
