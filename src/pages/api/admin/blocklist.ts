import type { BlockEntry } from "#domain/risk/blocklist.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, readJson, route } from "#server/http.ts";
import { BlockRequest } from "#server/schemas/risk.schemas.ts";

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

// The blocklist (issue 37), newest first: support staff may read it; owners and managers add to it.
export const GET = route(async (context) => {
  await requireAdmin(context, "orders");
  return json((await context.locals.app.ordering.blocklist()).map(blockJson));
});

export const POST = route(async (context) => {
  const admin = await requireAdmin(context, "risk");
  const body = await readJson(context.request, BlockRequest);
  const entry = await context.locals.app.ordering.addBlock(
    { kind: body.kind, value: body.value, note: body.note, expiresAt: body.expiresAt ? new Date(body.expiresAt) : null },
    admin,
  );
  return json(blockJson(entry), 201);
});
