import { requireAdmin } from "#server/guards.ts";
import { json, param, readJson, route } from "#server/http.ts";
import { RiskDecision } from "#server/schemas/risk.schemas.ts";

// Staff decide on an order held for a payment check (issue 37): approve starts its delivery clock,
// reject cancels it (stock back), refunds the payment and tells the shopper. Owners and managers only.
export const POST = route(async (context) => {
  const admin = await requireAdmin(context, "risk");
  const body = await readJson(context.request, RiskDecision);
  const risk = await context.locals.app.ordering.decideOrderRisk({ orderId: param(context, "id"), decision: body.decision, note: body.note }, admin);
  return json({ risk });
});
