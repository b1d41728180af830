import { requireAdmin } from "#server/guards.ts";
import { noContent, readJson, route } from "#server/http.ts";
import { EndorsementsInput } from "#server/schemas/shop-facts.schemas.ts";

// The Settings tab saves the creators who recommended the shop, each with where they said it, whole (issue 47).
export const PUT = route(async (context) => {
  const staff = await requireAdmin(context, "settings");
  const value = await readJson(context.request, EndorsementsInput);
  await context.locals.app.shopFacts.saveShopSettings("endorsements", value, staff.id);
  return noContent();
});
