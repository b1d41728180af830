import { formatCents } from "#domain/shared/money.ts";
import type { AppliedDiscountView } from "#read-models/shopping/checkout.views.ts";
import { toDiscountCodeView } from "#read-models/shopping/discount-codes.queries.ts";
import { json, readJson, route } from "#server/http.ts";
import { DiscountValidate } from "#server/schemas/shopping.schemas.ts";
import { currentShopper } from "#server/shopper.ts";

// The checkout's Apply: the spec's fields (id, code, type, amount, minPurchase) plus the discount this
// code gives on the shopper's cart as the server computes it.
export const POST = route(async (context) => {
  const { app } = context.locals;
  const { code } = await readJson(context.request, DiscountValidate);
  const user = await context.locals.currentUser();
  const who = { userId: user?.id ?? null, visitorId: context.locals.visitorId, clientIp: context.locals.clientIp };
  const result = await app.ordering.validateDiscount({ shopper: await currentShopper(context), code, who });
  const view = toDiscountCodeView(result.code);
  return json({
    id: view.id,
    code: view.code,
    type: view.type,
    amount: view.amount,
    minPurchase: view.minPurchase,
    appliesToGame: view.appliesToGame,
    discountAmount: result.discount === null ? null : formatCents(result.discount),
  } satisfies AppliedDiscountView);
});
