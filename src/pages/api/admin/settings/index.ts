import { readShopSettings } from "#read-models/storefront/shop-settings.query.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, route } from "#server/http.ts";

// The Settings tab's sections as saved (issue 36).
export const GET = route(async (context) => {
  await requireAdmin(context, "settings");
  return json(await readShopSettings(context.locals.app.db));
});
