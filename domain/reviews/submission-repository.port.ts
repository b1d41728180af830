import type { Submission, SubmissionDecision } from "./submission.ts";

/** Review screenshot submissions. */
export interface SubmissionRepository {
  /** Whether the user has a submission waiting for a decision. */
  hasPending(userId: string): Promise<boolean>;
  /**
   * Stores a new pending submission. False (nothing stored) when the user already has a pending
   * one: the database allows one pending submission per user, also under concurrent uploads.
   */
  add(submission: Submission): Promise<boolean>;
  /**
   * Records the decision only if the submission is still pending (a conditional update) and answers
   * it as decided; null when it is unknown or no longer pending. Of concurrent decisions on one
   * submission exactly one succeeds.
   */
  decide(id: string, decision: { status: SubmissionDecision; adminNotes: string | null; decidedAt: Date; decidedBy: string }): Promise<Submission | null>;
  findById(id: string): Promise<Submission | null>;
}
