import type { PaymentSetupView } from "#read-models/shopping/checkout.views.ts";
import { requireUser } from "#server/guards.ts";
import { json, route } from "#server/http.ts";

// What the checkout page's payment script needs: PayPal's client token (and client id), or the sandbox.
export const GET = route(async (context) => {
  await requireUser(context);
  const { app } = context.locals;
  const payments = app.config.payments;
  return json({
    provider: app.payments.provider,
    clientToken: await app.payments.clientToken(),
    clientId: payments.provider === "paypal" ? payments.clientId : null,
  } satisfies PaymentSetupView);
});
