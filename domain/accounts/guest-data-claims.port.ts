/** How many of a guest's rows an account took when it proved their address. */
export interface ClaimedGuestData {
  conversations: number;
  itemRequests: number;
  promoClaims: number;
  mail: number;
}

/**
 * What a guest left under an address (support conversations, item requests, promo claims, the
 * mail sent there), attached to the account that proved the address (issue 32). `claim` does it
 * once per account and address, in one transaction: it answers null when that account has
 * claimed that address before (a second or concurrent call attaches nothing). Rows attached to
 * another account already stay where they are.
 */
export interface GuestDataClaims {
  claim(userId: string, email: string, at: Date): Promise<ClaimedGuestData | null>;
}
