import type { AuditActor } from "../audit/audit-entry.ts";
import type { Audited } from "../audit/audit-log.port.ts";
import { auditedFields, auditedUnitOfWork } from "../audit/audited-unit-of-work.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { ImageProcessor } from "../shared/image-processor.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { decideSubmission } from "./decide-submission.ts";
import type { ReviewsRepositories } from "./reviews-repositories.port.ts";
import type { ScreenshotStorage } from "../shared/screenshot-storage.port.ts";
import { submitScreenshot } from "./submit-screenshot.ts";
import type { SubmissionDecision } from "./submission.ts";

/** What the reviews module needs, bound once by the composition root. */
export interface ReviewsModuleDeps {
  /** Submissions, the points ledger, the event log, the outbox and the audit trail in one transaction. */
  unitOfWork: UnitOfWork<ReviewsRepositories & Audited>;
  /** Where review screenshots' bytes are kept. */
  screenshots: ScreenshotStorage;
  images: ImageProcessor;
  ids: IdGenerator;
  clock: Clock;
}

/**
 * Review screenshot submissions, ready to call: `app.reviews.submitScreenshot(input)`. A decision
 * is an administrator's change: it is audited here, in the decision's transaction, with the
 * administrator as its actor and as the decider.
 */
export function createReviewsModule(deps: ReviewsModuleDeps) {
  const { ids, clock } = deps;
  const findSubmission = auditedFields((r: ReviewsRepositories, id: string) => r.submissions.findById(id), ["status", "adminNotes"]);
  return {
    /** A stored screenshot's bytes (null when there is none); who may see it is the caller's check. */
    readScreenshot: (file: string) => deps.screenshots.read(file),
    submitScreenshot: (input: { userId: string; visitorId: string | null; bytes: Uint8Array }) =>
      submitScreenshot(input, { unitOfWork: deps.unitOfWork, storage: deps.screenshots, images: deps.images, ids, clock }),
    decideSubmission: (input: { submissionId: string; status: SubmissionDecision; adminNotes: string | null }, actor: AuditActor) =>
      decideSubmission(
        { ...input, adminId: actor.id },
        {
          unitOfWork: auditedUnitOfWork(deps.unitOfWork, { actor, kind: "submission.decide", entityId: input.submissionId, read: findSubmission }, clock),
          ids,
          clock,
        },
      ),
  };
}

export type ReviewsModule = ReturnType<typeof createReviewsModule>;
