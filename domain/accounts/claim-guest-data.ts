import type { Clock } from "../shared/clock.port.ts";
import type { ClaimedGuestData, GuestDataClaims } from "./guest-data-claims.port.ts";

/**
 * Data matched by an email address belongs to an account only once the account has proven the
 * address (issue 32): registering an address someone used as a guest gives nothing; following
 * the verification link sent there (or signing in with Google for it, or accepting a staff
 * invitation) attaches the guest's rows to the account by id, once. Export and erasure then read
 * and delete by account id only. An unverified account: null, nothing moves.
 */
export async function claimGuestData(
  account: { id: string; email: string; emailVerified: boolean },
  deps: { claims: GuestDataClaims; clock: Clock },
): Promise<ClaimedGuestData | null> {
  if (!account.emailVerified) return null;
  return deps.claims.claim(account.id, account.email.trim().toLowerCase(), deps.clock.now());
}
