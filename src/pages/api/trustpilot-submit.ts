import { screenshotUrl } from "#read-models/rewards/rewards.views.ts";
import { requireUser } from "#server/guards.ts";
import { json, readJson, route } from "#server/http.ts";
import { SCREENSHOT_BODY_LIMIT, ScreenshotBody } from "#server/schemas/rewards.schemas.ts";

// A review screenshot for 300 points once approved. The user is the session's, whatever `userId`
// the body names; the guard runs before the (large) body is read.
export const POST = route(async (context) => {
  const user = await requireUser(context);
  const { screenshotUrl: bytes } = await readJson(context.request, ScreenshotBody, SCREENSHOT_BODY_LIMIT);
  const submission = await context.locals.app.reviews.submitScreenshot({ userId: user.id, visitorId: context.locals.visitorId, bytes });
  return json(
    {
      id: submission.id,
      userId: submission.userId,
      status: submission.status,
      screenshotUrl: screenshotUrl(submission.file),
      createdAt: submission.createdAt.toISOString(),
      adminNotes: submission.adminNotes,
    },
    201,
  );
});
