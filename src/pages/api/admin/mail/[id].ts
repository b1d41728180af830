import { requireAdmin } from "#server/guards.ts";
import { json, param, route } from "#server/http.ts";
import { mailAsShown } from "#server/mail-shown.ts";

// One message of the Mail view with its text and HTML, links cut (src/server/mail-shown.ts).
export const GET = route(async (context) => {
  await requireAdmin(context, "mail");
  return json(await mailAsShown(context.locals.app, param(context, "id")));
});
