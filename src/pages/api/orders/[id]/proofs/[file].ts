import { DomainError } from "#domain/shared/domain-error.ts";
import { findOrderOwner, isProofOf } from "#read-models/shopping/order-timeline.queries.ts";
import { requireOwnerOrAdmin, requireUser } from "#server/guards.ts";
import { privateImageResponse, privateImageRedirect } from "#server/private-image.ts";
import { param, route } from "#server/http.ts";
import { ErrorCode } from "#domain/shared/error-codes.ts";

const notFound = () => new DomainError("not_found", ErrorCode.proofNotFound, "Delivery proof not found");

// A delivery proof screenshot, only for the order's owner and staff. The stored bytes were checked
// at upload; the content type comes from them again, never from the file name.
export const GET = route(async (context) => {
  await requireUser(context);
  const { app } = context.locals;
  const orderId = param(context, "id");
  const file = param(context, "file");
  const owner = await findOrderOwner(app.db, orderId);
  if (owner === null) throw notFound();
  await requireOwnerOrAdmin(context, owner);
  if (!(await isProofOf(app.db, orderId, file))) throw notFound();
  const redirect = await privateImageRedirect(app, app.files.proofs, file);
  if (redirect) return redirect;
  const image = privateImageResponse(context.request, await app.files.proofs.file(file));
  if (!image) throw notFound();
  return image;
});
