import { requireAdmin } from "#server/guards.ts";
import { noContent, readJson, route } from "#server/http.ts";
import { ShopFiguresInput } from "#server/schemas/shop-facts.schemas.ts";

// The Settings tab saves the shop-wide figures and their sources whole (issue 36).
export const PUT = route(async (context) => {
  const staff = await requireAdmin(context, "settings");
  const value = await readJson(context.request, ShopFiguresInput);
  await context.locals.app.shopFacts.saveShopSettings("figures", value, staff.id);
  return noContent();
});
