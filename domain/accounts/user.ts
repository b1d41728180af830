import type { Cents } from "../shared/money.ts";
import type { StaffRole } from "./staff-roles.ts";

/** The signed-in shopper or administrator, as every feature asks "who is this?". */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
  /** The address was confirmed through a verification link (or by Google); absent counts as not. */
  emailVerified?: boolean;
  isAdmin: boolean;
  /** A staff member's role; null for shoppers. */
  staffRole: StaffRole | null;
  /** Whether sign-in asks for a second factor (an authenticator app's code or a backup code). */
  twoFactorEnabled: boolean;
  robloxUsername: string | null;
  storeCredit: Cents;
  points: number;
  /** YYYY-MM-DD, the account's own; null until given. Only its owner's answers carry whether they are a minor. */
  birthDate: string | null;
}

/** What the header and dashboard greet with: the first name when known, else the part of the email before the @. */
export function displayName(user: Pick<SessionUser, "firstName" | "email">): string {
  return user.firstName?.trim() || user.email.split("@")[0] || user.email;
}
