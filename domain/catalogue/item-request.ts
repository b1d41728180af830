/** A shopper asking the store to stock an item for a game. */
export interface ItemRequest {
  id: string;
  gameId: string;
  itemName: string;
  email: string;
  description: string;
  /** ISO-8601 UTC instant. */
  createdAt: string;
}

export interface ItemRequestInput {
  gameId: string;
  itemName: string;
  email: string;
  description: string;
}

/** The spec's "basic pattern": something@something.something, no spaces. */
export const BASIC_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const ITEM_REQUEST_MESSAGES = {
  itemNameRequired: "Please enter an item name",
  emailRequired: "Please enter your email address",
  emailInvalid: "Please enter a valid email address",
} as const;

export const ITEM_REQUEST_LIMITS = { itemName: 200, email: 254, description: 2000 } as const;

/**
 * The form's rules, shared by the browser (to answer at once) and the server (which decides):
 * the first broken rule's message in the spec's words, or null when the input is acceptable.
 */
export function itemRequestProblem(input: Pick<ItemRequestInput, "itemName" | "email" | "description">): string | null {
  if (input.itemName.trim() === "") return ITEM_REQUEST_MESSAGES.itemNameRequired;
  if (input.email.trim() === "") return ITEM_REQUEST_MESSAGES.emailRequired;
  if (!BASIC_EMAIL_PATTERN.test(input.email.trim())) return ITEM_REQUEST_MESSAGES.emailInvalid;
  if (input.itemName.trim().length > ITEM_REQUEST_LIMITS.itemName) return `Item name is at most ${ITEM_REQUEST_LIMITS.itemName} characters`;
  if (input.email.trim().length > ITEM_REQUEST_LIMITS.email) return ITEM_REQUEST_MESSAGES.emailInvalid;
  if (input.description.trim().length > ITEM_REQUEST_LIMITS.description) return `Description is at most ${ITEM_REQUEST_LIMITS.description} characters`;
  return null;
}

/** At most this many requests per sender within the window (see submitItemRequest). */
export const ITEM_REQUEST_RATE = { max: 5, windowMs: 60_000 } as const;
