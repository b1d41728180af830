import type { Cents } from "../shared/money.ts";

/** The signed-in shopper or administrator, as every feature asks "who is this?". */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
  isAdmin: boolean;
  robloxUsername: string | null;
  storeCredit: Cents;
  points: number;
}

/** What the header shows: the first name when known, else the email. */
export function displayName(user: Pick<SessionUser, "firstName" | "email">): string {
  return user.firstName?.trim() || user.email;
}
