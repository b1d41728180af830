import { loadScript, type PayPalNamespace } from "@paypal/paypal-js";

export type { PayPalNamespace };

/**
 * Loads PayPal's JS SDK (the "v5" SDK with paypal.Buttons, see docs/payments.md for why this
 * generation) through PayPal's own maintained loader, @paypal/paypal-js: it loads the script once,
 * asynchronously, and reloads it if the options change. USD, capture intent, buttons only.
 */
export async function loadPayPalSdk(clientId: string, clientToken: string): Promise<PayPalNamespace> {
  // The checkout page's CSP nonce (src/server/checkout-csp.ts): the loader puts it on the SDK's
  // script tag as nonce and data-csp-nonce, and the SDK uses it for the styles it writes inline.
  const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? "";
  const paypal = await loadScript({
    clientId,
    currency: "USD",
    intent: "capture",
    components: "buttons",
    ...(clientToken ? { dataClientToken: clientToken } : {}),
    ...(nonce ? { dataCspNonce: nonce } : {}),
  });
  if (!paypal?.Buttons) throw new Error("PayPal SDK loaded without its buttons");
  return paypal;
}
