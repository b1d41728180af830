import { listNewCustomers } from "#read-models/analytics/new-customers.query.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, route } from "#server/http.ts";

// Accounts created in the last 24 hours, with what they put in a cart.
export const GET = route(async (context) => {
  await requireAdmin(context, "analytics");
  const { app } = context.locals;
  return json(await listNewCustomers(app.db, app.clock.now()));
});
