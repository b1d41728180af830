import { DomainError } from "../../../../domain/shared/domain-error.ts";
import { detectImageType, IMAGE_TYPES } from "../../../../domain/shared/image.ts";
import { findScreenshotOwner } from "../../../../read-models/rewards/rewards.queries.ts";
import { requireOwnerOrAdmin, requireUser } from "../../../server/guards.ts";
import { param, route } from "../../../server/http.ts";
import { screenshotStorage } from "../../../server/rewards.ts";

const notFound = () => new DomainError("not_found", "screenshot_not_found", "Screenshot not found");

// A review screenshot, only for the shopper who uploaded it and administrators. The stored bytes
// were checked at upload; the content type comes from them again, never from a file name.
export const GET = route(async (context) => {
  await requireUser(context);
  const { app } = context.locals;
  const file = param(context, "file");
  const owner = await findScreenshotOwner(app.db, file);
  if (!owner) throw notFound();
  await requireOwnerOrAdmin(context, owner);
  const bytes = await screenshotStorage(app).read(file);
  const type = bytes ? detectImageType(bytes) : null;
  if (!bytes || !type) throw notFound();
  return new Response(bytes, {
    headers: {
      "content-type": IMAGE_TYPES[type],
      "content-length": String(bytes.byteLength),
      "cache-control": "private, max-age=3600",
      "content-security-policy": "default-src 'none'; sandbox",
      "x-content-type-options": "nosniff",
    },
  });
});
