import { createHash } from "node:crypto";
import { json, readJson, route } from "#server/http.ts";
import { ItemRequestBody } from "#server/schemas/content.schemas.ts";

export const POST = route(async (context) => {
  const body = await readJson(context.request, ItemRequestBody);
  // The rate limit needs to recognise a sender, not to know their address: store only a hash.
  const clientKey = createHash("sha256").update(context.locals.clientIp).digest("hex");
  const created = await context.locals.app.catalogue.submitItemRequest({ ...body, clientKey });
  return json(created, 201);
});
