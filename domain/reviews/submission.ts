/** admin-panel.md: a review submission is pending, then approved or rejected by an administrator. */
export type SubmissionStatus = "pending" | "approved" | "rejected";
export type SubmissionDecision = Exclude<SubmissionStatus, "pending">;

/** A shopper's review screenshot waiting for, or having had, an administrator's decision. */
export interface Submission {
  id: string;
  userId: string;
  status: SubmissionStatus;
  /** The stored file's name (uploads/reviews/<file> under the data directory). */
  file: string;
  createdAt: Date;
  adminNotes: string | null;
  decidedAt: Date | null;
  decidedBy: string | null;
}

/** The largest screenshot accepted (issue 7). */
export const MAX_SCREENSHOT_BYTES = 5 * 1024 * 1024;
