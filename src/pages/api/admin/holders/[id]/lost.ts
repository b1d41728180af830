import { findHolder } from "#read-models/holders/holders.queries.ts";
import type { LostHolderView } from "#read-models/holders/holders.views.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, param, readJson, route } from "#server/http.ts";
import { HolderLostRequest } from "#server/schemas/holders.schemas.ts";

// "This account is lost": its stock zeroed, its products recounted, the open orders reserved on it listed for reassignment (audited).
export const POST = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const { note } = await readJson(context.request, HolderLostRequest);
  const { app } = context.locals;
  const holderId = param(context, "id");
  const { ordersToReassign } = await app.ordering.markHolderLost({ holderId, note }, admin);
  const holder = await findHolder(app.db, holderId);
  return json((holder && { ...holder, ordersToReassign }) satisfies LostHolderView | null);
});
