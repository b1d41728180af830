import { listConversationsForAdmin } from "../../../../../../read-models/support/admin-conversations.ts";
import { conditionalJson } from "../../../../../server/conditional.ts";
import { requireAdmin } from "../../../../../server/guards.ts";
import { route } from "../../../../../server/http.ts";

// Every conversation, newest activity first; polled every 5 s by the admin panel.
export const GET = route(async (context) => {
  await requireAdmin(context, "support");
  return conditionalJson(context.request, await listConversationsForAdmin(context.locals.app.db));
});
