import type { AccountFreeze } from "#domain/risk/chargeback.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, param, readJson, route } from "#server/http.ts";
import { RiskFreezeAction } from "#server/schemas/risk.schemas.ts";

function freezeJson(freeze: AccountFreeze | null) {
  return {
    frozen: freeze !== null && freeze.clearedAt === null,
    frozenAt: freeze?.frozenAt.toISOString() ?? null,
    orderId: freeze?.orderId ?? null,
    clearedAt: freeze?.clearedAt?.toISOString() ?? null,
    clearedBy: freeze?.clearedBy ?? null,
    clearNote: freeze?.clearNote ?? null,
  };
}

// An account's chargeback freeze (issue 37): its store credit and points are on hold since a dispute or
// reversal. Support staff may read it; owners and managers clear it with a note (audited).
export const GET = route(async (context) => {
  await requireAdmin(context, "orders");
  return json(freezeJson(await context.locals.app.ordering.accountFreeze(param(context, "userId"))));
});

export const POST = route(async (context) => {
  const admin = await requireAdmin(context, "risk");
  const { note } = await readJson(context.request, RiskFreezeAction);
  return json(freezeJson(await context.locals.app.ordering.clearAccountFreeze({ userId: param(context, "userId"), note }, admin)));
});
