import { redeemPoints } from "../../../../domain/rewards/redeem-points.ts";
import { formatCents } from "../../../../domain/shared/money.ts";
import { requireUser } from "../../../server/guards.ts";
import { json, readJson, route } from "../../../server/http.ts";
import { rewardsDeps } from "../../../server/rewards.ts";
import { RedeemBody } from "../../../server/schemas/rewards.schemas.ts";

// Whole multiples of 5000 points become store credit ($1.00 each); more than held is a 409.
export const POST = route(async (context) => {
  const user = await requireUser(context);
  const { points } = await readJson(context.request, RedeemBody);
  const result = await redeemPoints({ userId: user.id, points }, rewardsDeps(context.locals.app));
  return json({
    redeemedPoints: result.redeemedPoints,
    credit: formatCents(result.credit),
    points: result.points,
    storeCredit: formatCents(result.storeCredit),
  });
});
