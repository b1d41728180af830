import type { BlockEntry } from "#domain/risk/blocklist.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, readJson, readQuery, route } from "#server/http.ts";
import { BlocklistPage, BlockRequest } from "#server/schemas/risk.schemas.ts";

/** An entry as the API shows it. */
export function blockJson(entry: BlockEntry) {
  return {
    id: entry.id,
    kind: entry.kind,
    value: entry.value,
    note: entry.note,
    expiresAt: entry.expiresAt?.toISOString() ?? null,
    createdAt: entry.createdAt.toISOString(),
  };
}

// The blocklist (issue 37), newest first, one page at a time (limit/offset, the total in X-Total-Count):
// support staff may read it; owners and managers add to it. Adding holds the party's open orders.
export const GET = route(async (context) => {
  await requireAdmin(context, "orders");
  const page = readQuery(context.url, BlocklistPage);
  const { entries, total } = await context.locals.app.ordering.blocklist(page);
  return json(entries.map(blockJson), 200, { "X-Total-Count": String(total) });
});

export const POST = route(async (context) => {
  const admin = await requireAdmin(context, "risk");
  const body = await readJson(context.request, BlockRequest);
  const entry = await context.locals.app.ordering.addBlock(
    { kind: body.kind, value: body.value, note: body.note, expiresAt: body.expiresAt ? new Date(body.expiresAt) : null },
    admin,
  );
  return json({ ...blockJson(entry.entry), heldOrders: entry.heldOrders }, 201);
});
