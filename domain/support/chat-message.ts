import { blankMessage, messageTooLong } from "./support.errors.ts";

/** Who wrote a chat message: the shopper ("user") or the shop ("admin"). Decided by the server, never by the client. */
export type ChatSender = "user" | "admin";

/** A message of a support conversation or of an order's chat (storefront.md section 3). */
export interface ChatMessage {
  id: string;
  sender: ChatSender;
  message: string;
  createdAt: Date;
  /**
   * Position in its chat, 1, 2, 3, ... without gaps, in the order the messages were stored. Polls
   * ask for "everything after position n", so a message can never be skipped (random ids and
   * equal timestamps cannot promise that).
   */
  seq: number;
}

export const MAX_MESSAGE_LENGTH = 2000;

// Invisible control characters (NUL, escape sequences, ...) only cause trouble in logs and
// terminals; tabs and line breaks are kept because shoppers use them.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * The text as it will be stored: line endings as \n, control characters removed, trimmed. Blank
 * text or more than 2,000 characters (counted as Unicode characters, so an emoji is one) is
 * refused. The result is plain text: it is stored and shown as is, never interpreted as markup.
 */
export function normalizeChatMessage(text: string): string {
  const normalized = text.replace(/\r\n?/g, "\n").replace(CONTROL_CHARACTERS, "").trim();
  if (normalized === "") throw blankMessage();
  if ([...normalized].length > MAX_MESSAGE_LENGTH) throw messageTooLong();
  return normalized;
}
