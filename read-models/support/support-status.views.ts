/** GET /api/support/status (issue 36's contract, plus the owner's support hours). */
export interface SupportStatusView {
  /** Someone is there to answer: at least one staff member had the Support or Orders tab open lately. */
  online: boolean;
  agentsOnline: number;
  /** Median minutes from a conversation's first shopper message to the first staff reply, last 7 days; null: no replies. */
  medianFirstReplyMinutes: number | null;
  /** When someone answers, in the owner's words (Settings); null: not said. */
  hours: string | null;
}
