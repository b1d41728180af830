import { loadScript, type PayPalNamespace } from "@paypal/paypal-js";

export type { PayPalNamespace };

/**
 * Loads PayPal's JS SDK (the "v5" SDK with paypal.Buttons, see docs/payments.md for why this
 * generation) through PayPal's own maintained loader, @paypal/paypal-js: it loads the script once,
 * asynchronously, and reloads it if the options change. USD, capture intent, buttons only.
 */
export async function loadPayPalSdk(clientId: string, clientToken: string): Promise<PayPalNamespace> {
  const paypal = await loadScript({
    clientId,
    currency: "USD",
    intent: "capture",
    components: "buttons",
    ...(clientToken ? { dataClientToken: clientToken } : {}),
  });
  if (!paypal?.Buttons) throw new Error("PayPal SDK loaded without its buttons");
  return paypal;
}
