import { requireAdmin } from "#server/guards.ts";
import { json, readJson, route } from "#server/http.ts";
import { LogoUpload, UPLOAD_BODY_LIMIT } from "#server/schemas/catalogue-admin.schemas.ts";

// Checked before the body is read, so a guest cannot make the server buffer megabytes.
export const POST = route(async (context) => {
  await requireAdmin(context, "catalogue");
  const { base64Image } = await readJson(context.request, LogoUpload, UPLOAD_BODY_LIMIT);
  return json(await context.locals.app.catalogue.uploadLogo(base64Image), 201);
});
