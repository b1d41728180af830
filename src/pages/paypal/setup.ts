import type { PaymentSetupView } from "#read-models/shopping/checkout.views.ts";
import { requireUser } from "#server/guards.ts";
import { json, route } from "#server/http.ts";

// What the checkout page's PayPal script needs: PayPal's client token and client id (or the sandbox's).
export const GET = route(async (context) => {
  await requireUser(context);
  const { app } = context.locals;
  const provider = app.payments.providers.includes("paypal") ? "paypal" : "sandbox";
  const paypal = app.config.payments.paypal;
  return json({
    provider,
    clientToken: await app.payments.of(provider).clientToken(),
    clientId: provider === "paypal" && paypal ? paypal.clientId : null,
  } satisfies PaymentSetupView);
});
