import type { RobloxRecipient } from "./roblox-recipient.ts";

/**
 * The Roblox account an order goes to, kept on the prepared checkout and copied onto the order when
 * it is paid: the numeric id is what staff deliver to (names can be renamed), the display name and
 * avatar are what the shopper recognised. `verified` false: Roblox could not be asked at checkout,
 * the typed name (the order's `robloxUsername`) is all there is ("not checked").
 */
export interface DeliveryRecipient {
  userId: number | null;
  displayName: string | null;
  avatarUrl: string | null;
  verified: boolean;
  /** When the account was created at Roblox (the risk rules read its age). */
  accountCreatedAt: Date | null;
  /**
   * "linked": the account the shopper linked to their store account by signing in with Roblox
   * (proof that it is theirs); "typed": a name typed at checkout (a claim).
   */
  proof: RecipientProof;
}

export type RecipientProof = "typed" | "linked";

/** Which Roblox account a store account linked by signing in with Roblox (better-auth's Roblox provider). */
export interface LinkedRobloxAccounts {
  /** The linked account's Roblox user id; null when none is linked. */
  linkedRobloxUserId(userId: string): Promise<number | null>;
}

/** A requirement of a game or product the shopper ticked at checkout, as its text read then. */
export interface AcknowledgedRequirement {
  code: string;
  text: string;
}

export const UNCHECKED_RECIPIENT: DeliveryRecipient = {
  userId: null,
  displayName: null,
  avatarUrl: null,
  verified: false,
  accountCreatedAt: null,
  proof: "typed",
};

/**
 * The recipient kept on the checkout and order. It is proven ("linked") only when Roblox confirmed
 * the name and its user id is the one the shopper linked; any other name, however well spelt, is a claim.
 */
export function deliveryRecipientOf(recipient: RobloxRecipient, linkedRobloxUserId: number | null = null): DeliveryRecipient {
  return recipient.verified
    ? {
        userId: recipient.userId,
        displayName: recipient.displayName,
        avatarUrl: recipient.avatarUrl,
        verified: true,
        accountCreatedAt: recipient.created,
        proof: linkedRobloxUserId !== null && recipient.userId === linkedRobloxUserId ? "linked" : "typed",
      }
    : UNCHECKED_RECIPIENT;
}
