import { preparedCheckoutJson } from "#server/checkout-views.ts";
import { requireUser } from "#server/guards.ts";
import { json, readJson, route } from "#server/http.ts";
import { CheckoutPrepare } from "#server/schemas/shopping.schemas.ts";

// Prices the cart on the server, refuses a claim that disagrees, and holds the items for 15 minutes,
// within the hold caps (domain/checkout/hold-policy.ts). An account without a date of birth is
// asked for it first: 422 birth_date_required (POST /api/account/birth-date gives it).
export const POST = route(async (context) => {
  const user = await requireUser(context);
  const { app } = context.locals;
  const claim = await readJson(context.request, CheckoutPrepare);
  const checkout = await app.ordering.prepareCheckout({
    userId: user.id,
    birthDate: user.birthDate,
    clientIp: context.locals.clientIp,
    claim: { ...claim, cartItems: claim.cartItems.map((item) => ({ id: item.id, quantity: item.quantity ?? null })) },
  });
  return json(preparedCheckoutJson(checkout, app.payments.providers[0]!), 201);
});
