import { proofUrl } from "#read-models/shopping/order-timeline.queries.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, param, readJson, route } from "#server/http.ts";
import { UPLOAD_BODY_LIMIT } from "#server/schemas/catalogue-admin.schemas.ts";
import { ProofUpload } from "#server/schemas/shopping.schemas.ts";

// Staff attach a delivery proof screenshot to an order ({ base64Image } → 201 { url }); the URL
// answers only the order's owner and staff. The size limit is checked before the body is read.
export const POST = route(async (context) => {
  const admin = await requireAdmin(context, "orders");
  const { app } = context.locals;
  const orderId = param(context, "id");
  const { base64Image } = await readJson(context.request, ProofUpload, UPLOAD_BODY_LIMIT);
  const proof = await app.ordering.addDeliveryProof({ orderId, bytes: base64Image }, admin);
  return json({ url: proofUrl(orderId, proof.file) }, 201);
});
