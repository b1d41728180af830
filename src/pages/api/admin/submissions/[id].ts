import { submissionNotFound } from "#domain/reviews/reviews.errors.ts";
import { findSubmission } from "#read-models/rewards/rewards.queries.ts";
import { adminRoute, found } from "#server/admin-route.ts";
import { json, param, readJson } from "#server/http.ts";
import { SubmissionDecisionBody } from "#server/schemas/rewards.schemas.ts";

// Approve (300 points, exactly once) or reject a pending submission; anything else is a 409.
export const PATCH = adminRoute("reviews", async (admin, context) => {
  const { status, adminNotes } = await readJson(context.request, SubmissionDecisionBody);
  const { id } = await context.locals.app.reviews.decideSubmission({ submissionId: param(context, "id"), status, adminNotes }, admin);
  return json(found(await findSubmission(context.locals.app.db, id), submissionNotFound));
});
