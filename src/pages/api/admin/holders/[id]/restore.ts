import { findHolder } from "#read-models/holders/holders.queries.ts";
import type { HolderView } from "#read-models/holders/holders.views.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, param, readJson, route } from "#server/http.ts";
import { HolderRestoreRequest } from "#server/schemas/holders.schemas.ts";

// A lost account back, with the stock it holds entered again (audited).
export const POST = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const { stock } = await readJson(context.request, HolderRestoreRequest);
  const { app } = context.locals;
  const holderId = param(context, "id");
  await app.ordering.restoreHolder({ holderId, stock }, admin);
  return json((await findHolder(app.db, holderId)) satisfies HolderView | null);
});
