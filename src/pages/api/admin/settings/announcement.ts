import { requireAdmin } from "#server/guards.ts";
import { noContent, readJson, route } from "#server/http.ts";
import { AnnouncementSettingsInput } from "#server/schemas/shop-facts.schemas.ts";

// The Settings tab saves the announcement and its scheduled sale whole (issue 36).
export const PUT = route(async (context) => {
  const staff = await requireAdmin(context, "settings");
  const value = await readJson(context.request, AnnouncementSettingsInput);
  await context.locals.app.shopFacts.saveShopSettings("announcement", value, staff.id);
  return noContent();
});
