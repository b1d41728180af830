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
}

/** A requirement of a game or product the shopper ticked at checkout, as its text read then. */
export interface AcknowledgedRequirement {
  code: string;
  text: string;
}

export const UNCHECKED_RECIPIENT: DeliveryRecipient = { userId: null, displayName: null, avatarUrl: null, verified: false, accountCreatedAt: null };

export function deliveryRecipientOf(recipient: RobloxRecipient): DeliveryRecipient {
  return recipient.verified
    ? { userId: recipient.userId, displayName: recipient.displayName, avatarUrl: recipient.avatarUrl, verified: true, accountCreatedAt: recipient.created }
    : UNCHECKED_RECIPIENT;
}
