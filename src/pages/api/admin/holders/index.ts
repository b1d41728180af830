import { findHolder, listHolders } from "#read-models/holders/holders.queries.ts";
import type { HolderView } from "#read-models/holders/holders.views.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, readJson, readQuery, route } from "#server/http.ts";
import { HolderRequest, HoldersPage } from "#server/schemas/holders.schemas.ts";

// The Roblox accounts that hold the stock, newest first, a page at a time (X-Total-Count): support
// staff read them (they deliver from them); owners and managers register them.
export const GET = route(async (context) => {
  await requireAdmin(context, "orders");
  const page = readQuery(context.url, HoldersPage);
  const { holders, total } = await listHolders(context.locals.app.db, page);
  return json(holders satisfies HolderView[], 200, { "X-Total-Count": String(total) });
});

export const POST = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const body = await readJson(context.request, HolderRequest);
  const { app } = context.locals;
  const holder = await app.ordering.registerHolder({ gameId: body.gameId, robloxUsername: body.robloxUsername, note: body.note || null }, admin);
  return json((await findHolder(app.db, holder.id)) satisfies HolderView | null, 201);
});
