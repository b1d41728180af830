import { requireAdmin } from "../../../../server/guards.ts";
import { noContent, param, route } from "../../../../server/http.ts";

export const DELETE = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const { app } = context.locals;
  const id = param(context, "id");
  await app.catalogue.deleteCategory(id, admin);
  return noContent();
});
