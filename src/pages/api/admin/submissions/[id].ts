import { submissionNotFound } from "#domain/reviews/reviews.errors.ts";
import { findSubmission } from "#read-models/rewards/rewards.queries.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, param, readJson, route } from "#server/http.ts";
import { SubmissionDecisionBody } from "#server/schemas/rewards.schemas.ts";

// Approve (300 points, exactly once) or reject a pending submission; anything else is a 409.
export const PATCH = route(async (context) => {
  const admin = await requireAdmin(context, "reviews");
  const { status, adminNotes } = await readJson(context.request, SubmissionDecisionBody);
  const { app } = context.locals;
  const decided = await app.reviews.decideSubmission({ submissionId: param(context, "id"), status, adminNotes }, admin);
  const view = await findSubmission(app.db, decided.id);
  if (!view) throw submissionNotFound();
  return json(view);
});
