import { formatCents } from "#domain/shared/money.ts";
import { requireUser } from "#server/guards.ts";
import { json, readJson, route } from "#server/http.ts";
import { RedeemBody } from "#server/schemas/rewards.schemas.ts";

// Whole multiples of 5000 points become store credit ($1.00 each); more than held is a 409.
export const POST = route(async (context) => {
  const user = await requireUser(context);
  const { points } = await readJson(context.request, RedeemBody);
  const result = await context.locals.app.rewards.redeemPoints({ userId: user.id, points });
  return json({
    redeemedPoints: result.redeemedPoints,
    credit: formatCents(result.credit),
    points: result.points,
    storeCredit: formatCents(result.storeCredit),
  });
});
