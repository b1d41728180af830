import { requireAdmin } from "#server/guards.ts";
import { noContent, readJson, route } from "#server/http.ts";
import { SupportHoursInput } from "#server/schemas/shop-facts.schemas.ts";

// The Settings tab saves the support hours whole (issue 36).
export const PUT = route(async (context) => {
  const staff = await requireAdmin(context, "settings");
  const value = await readJson(context.request, SupportHoursInput);
  await context.locals.app.shopFacts.saveShopSettings("support", value, staff.id);
  return noContent();
});
