import { randomBytes } from "node:crypto";

/**
 * What the checkout page adds to the Content-Security-Policy when PayPal is the provider: the
 * directives of PayPal's CSP guidance for its JS SDK (developer.paypal.com/sdk/js/best-practices,
 * "Using a nonce instead of 'unsafe-inline'"). PayPal's hosts for scripts, styles, calls, frames and
 * images, and a nonce for the inline scripts and styles the SDK writes into the page: the SDK's
 * script tag carries it as `data-csp-nonce` (src/lib/paypal-sdk.ts reads it from the page's
 * `csp-nonce` meta). Never 'unsafe-inline'. The checkout page is personal and never cached, so
 * every answer gets a nonce of its own.
 */
export const PAYPAL_CSP_HOSTS = ["https://*.paypal.com", "https://*.paypalobjects.com", "https://*.venmo.com"] as const;

/** A fresh nonce: 128 random bits, base64 (the CSP grammar's base64-value). */
export function cspNonce(): string {
  return randomBytes(16).toString("base64");
}

export interface CheckoutCsp {
  /** Added to script-src and style-src next to 'self' and the page's hashes. */
  scriptResources: string[];
  styleResources: string[];
  /** Whole directives, merged with the base policy's own (connect-src 'self' stays). */
  directives: string[];
}

export function paypalCheckoutCsp(nonce: string): CheckoutCsp {
  const hosts = PAYPAL_CSP_HOSTS.join(" ");
  return {
    scriptResources: [...PAYPAL_CSP_HOSTS, `'nonce-${nonce}'`],
    // 'self' again: Astro's style-src has it only while no resource was added (the stylesheets).
    styleResources: ["'self'", ...PAYPAL_CSP_HOSTS, `'nonce-${nonce}'`],
    directives: [`connect-src 'self' ${hosts}`, `frame-src ${hosts}`, `child-src ${hosts}`, `img-src 'self' data: blob: ${hosts}`],
  };
}

/** The slice of Astro's CSP API the paying pages use. */
interface PageCsp {
  insertScriptResource(resource: string): void;
  insertStyleResource(resource: string): void;
  insertDirective(directive: never): void;
}

/**
 * On a page that pays (the checkout, a parent's /pay link): with PayPal as the provider, allows
 * PayPal's script, styles, calls and window on this answer and gives its nonce (null otherwise).
 */
export function allowPayPalOnPage(provider: string, csp: PageCsp | undefined): string | null {
  if (provider !== "paypal" || !csp) return null;
  const nonce = cspNonce();
  const paypal = paypalCheckoutCsp(nonce);
  for (const resource of paypal.scriptResources) csp.insertScriptResource(resource);
  for (const resource of paypal.styleResources) csp.insertStyleResource(resource);
  for (const directive of paypal.directives) csp.insertDirective(directive as never);
  return nonce;
}
