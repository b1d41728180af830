import { REVIEW_APPROVAL_POINTS } from "../rewards/points.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { submissionAlreadyDecided, submissionNotFound } from "./reviews.errors.ts";
import type { ReviewsRepositories } from "./reviews-repositories.port.ts";
import type { Submission, SubmissionDecision } from "./submission.ts";

export interface DecideSubmissionDeps {
  unitOfWork: UnitOfWork<ReviewsRepositories>;
  ids: IdGenerator;
  clock: Clock;
}

/**
 * An administrator approves or rejects a pending submission (admin-panel.md section 4). Only a
 * pending one can be decided (conflict otherwise); approval credits the shopper 300 points. One
 * transaction: the decision (a conditional update on `status = 'pending'`), the points (whose
 * ledger reference is the submission, unique), the ReviewDecided event and the shopper's email. So of concurrent
 * approvals exactly one succeeds and the points are credited exactly once.
 */
export async function decideSubmission(
  input: { submissionId: string; status: SubmissionDecision; adminNotes: string | null; adminId: string },
  deps: DecideSubmissionDeps,
): Promise<Submission> {
  return deps.unitOfWork.run(async ({ submissions, points, events, mail }) => {
    const now = deps.clock.now();
    const decided = await submissions.decide(input.submissionId, {
      status: input.status,
      adminNotes: input.adminNotes,
      decidedAt: now,
      decidedBy: input.adminId,
    });
    if (!decided) {
      const existing = await submissions.findById(input.submissionId);
      throw existing ? submissionAlreadyDecided(existing.status) : submissionNotFound();
    }
    if (decided.status === "approved") {
      const result = await points.append({
        id: deps.ids.newId(),
        userId: decided.userId,
        amount: REVIEW_APPROVAL_POINTS,
        reason: "review_approved",
        reference: decided.id,
        actorId: input.adminId,
        createdAt: now,
      });
      // The conditional update already let only one approval through; anything else is a bug.
      if (result !== "recorded") throw new Error(`review points for submission ${decided.id} were not recorded: ${result}`);
    }
    await events.append({
      type: "ReviewDecided",
      occurredAt: now,
      visitorId: null,
      userId: input.adminId,
      payload: { submissionId: decided.id, status: decided.status as SubmissionDecision },
    });
    await mail.add({
      template: "review_decision",
      toUserId: decided.userId,
      data: { status: decided.status as SubmissionDecision, points: decided.status === "approved" ? REVIEW_APPROVAL_POINTS : 0, adminNotes: input.adminNotes },
    });
    return decided;
  });
}
