import { decideSubmission } from "../../../../../domain/reviews/decide-submission.ts";
import { submissionNotFound } from "../../../../../domain/reviews/reviews.errors.ts";
import { findSubmission } from "../../../../../read-models/rewards/rewards.queries.ts";
import { audited } from "../../../../server/audit.ts";
import { requireAdmin } from "../../../../server/guards.ts";
import { json, param, readJson, route } from "../../../../server/http.ts";
import { rewardsDeps } from "../../../../server/rewards.ts";
import { SubmissionDecisionBody } from "../../../../server/schemas/rewards.schemas.ts";

// Approve (300 points, exactly once) or reject a pending submission; anything else is a 409.
export const PATCH = route(async (context) => {
  const admin = await requireAdmin(context, "reviews");
  const { status, adminNotes } = await readJson(context.request, SubmissionDecisionBody);
  const { app } = context.locals;
  const deps = rewardsDeps(app);
  const unitOfWork = audited(app, admin, deps.unitOfWork, "submission.decide", param(context, "id"), async (r, id) => {
    const submission = await r.submissions.findById(id);
    return submission && { status: submission.status, adminNotes: submission.adminNotes };
  });
  const decided = await decideSubmission({ submissionId: param(context, "id"), status, adminNotes, adminId: admin.id }, { ...deps, unitOfWork });
  const view = await findSubmission(app.db, decided.id);
  if (!view) throw submissionNotFound();
  return json(view);
});
