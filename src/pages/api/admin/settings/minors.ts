import { requireAdmin } from "#server/guards.ts";
import { noContent, readJson, route } from "#server/http.ts";
import { MinorsSettingsInput } from "#server/schemas/shop-facts.schemas.ts";

// The owner's monthly limit for accounts under 18 (issue 52): a checkout over it is refused at prepare.
export const PUT = route(async (context) => {
  const staff = await requireAdmin(context, "settings");
  const value = await readJson(context.request, MinorsSettingsInput);
  await context.locals.app.shopFacts.saveShopSettings("minors", value, staff.id);
  return noContent();
});
