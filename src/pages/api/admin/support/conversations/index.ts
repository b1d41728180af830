import { countConversationsForAdmin, listConversationsForAdmin } from "#read-models/support/admin-conversations.ts";
import { conditionalJson } from "#server/conditional.ts";
import { requireAdmin } from "#server/guards.ts";
import { readQuery, route } from "#server/http.ts";
import { AdminConversationsQuery } from "#server/schemas/admin-lists.schemas.ts";

// Newest activity first; polled every 5 s by the admin panel. Without a query every conversation
// (the spec's answer); the Support tab filters with ?status=open|closed and ?q= (email, order id)
// and pages with ?offset=&limit=; X-Total-Count says how many the filter finds.
export const GET = route(async (context) => {
  await requireAdmin(context, "support");
  const { status, q, offset, limit } = readQuery(context.url, AdminConversationsQuery);
  const { db } = context.locals.app;
  const filter = { status, search: q };
  const [conversations, total] = await Promise.all([listConversationsForAdmin(db, { ...filter, offset, limit }), countConversationsForAdmin(db, filter)]);
  return conditionalJson(context.request, conversations, { "X-Total-Count": String(total) });
});
