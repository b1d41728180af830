import { codeGuessChecks, tooManyCodeTries } from "../../../../domain/promotions/code-guess-limits.ts";
import { enforceLimits } from "../../../../domain/shared/rate-limit.ts";
import { validateDiscount } from "../../../../domain/ordering/validate-discount.ts";
import { formatCents } from "../../../../domain/shared/money.ts";
import { toDiscountCodeView } from "../../../../read-models/shopping/discount-codes.queries.ts";
import { json, readJson, route } from "../../../server/http.ts";
import { DiscountValidate } from "../../../server/schemas/shopping.schemas.ts";
import { currentShopper } from "../../../server/shopper.ts";

// The checkout's Apply: the spec's fields (id, code, type, amount, minPurchase) plus the discount this
// code gives on the shopper's cart as the server computes it.
export const POST = route(async (context) => {
  const { app } = context.locals;
  const { code } = await readJson(context.request, DiscountValidate);
  const user = await context.locals.currentUser();
  const who = { userId: user?.id ?? null, visitorId: context.locals.visitorId, clientIp: context.locals.clientIp };
  await enforceLimits(app.rateLimiter, codeGuessChecks(who, app.config.abuseLimits.codeValidationsPerMinute), tooManyCodeTries);
  const result = await validateDiscount({ shopper: await currentShopper(context), code }, { unitOfWork: app.shopping.ordering, clock: app.clock });
  const view = toDiscountCodeView(result.code);
  return json({
    id: view.id,
    code: view.code,
    type: view.type,
    amount: view.amount,
    minPurchase: view.minPurchase,
    appliesToGame: view.appliesToGame,
    discountAmount: result.discount === null ? null : formatCents(result.discount),
  });
});
