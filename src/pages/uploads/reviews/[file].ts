import { DomainError } from "#domain/shared/domain-error.ts";
import { findScreenshotOwner } from "#read-models/rewards/rewards.queries.ts";
import { requireOwnerOrAdmin, requireUser } from "#server/guards.ts";
import { privateImageResponse, privateImageRedirect } from "#server/private-image.ts";
import { param, route } from "#server/http.ts";
import { ErrorCode } from "#domain/shared/error-codes.ts";

const notFound = () => new DomainError("not_found", ErrorCode.screenshotNotFound, "Screenshot not found");

// A review screenshot, only for the shopper who uploaded it and administrators. The stored bytes
// were checked at upload; the content type comes from them again, never from a file name.
export const GET = route(async (context) => {
  await requireUser(context);
  const { app } = context.locals;
  const file = param(context, "file");
  const owner = await findScreenshotOwner(app.db, file);
  if (!owner) throw notFound();
  await requireOwnerOrAdmin(context, owner);
  const redirect = await privateImageRedirect(app, app.files.reviews, file);
  if (redirect) return redirect;
  const image = privateImageResponse(context.request, await app.files.reviews.file(file));
  if (!image) throw notFound();
  return image;
});
