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
 * Stripe's documented origins for Stripe.js and the Payment Element (docs.stripe.com/security/guide,
 * "Content Security Policy"): its script, its frames (the card fields, 3-D Secure), and its API.
 */
export const STRIPE_CSP = {
  scripts: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frames: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
} as const;

/**
 * On a page that pays (the checkout, a parent's /pay link): allows the configured providers'
 * scripts, calls and windows on this answer, and only theirs: PayPal's (with a nonce, answered; null
 * without PayPal) and Stripe's. With both, each directive lists both providers' origins.
 */
export function allowProvidersOnPage(providers: readonly string[], csp: PageCsp | undefined): string | null {
  if (!csp) return null;
  const paypal = providers.includes("paypal");
  const stripe = providers.includes("stripe");
  if (!paypal && !stripe) return null;
  const nonce = paypal ? cspNonce() : null;
  const withPayPal = nonce ? paypalCheckoutCsp(nonce) : null;
  const hosts = paypal ? [...PAYPAL_CSP_HOSTS] : [];
  const scripts = [...(withPayPal?.scriptResources ?? []), ...(stripe ? STRIPE_CSP.scripts : [])];
  const frames = [...hosts, ...(stripe ? STRIPE_CSP.frames : [])].join(" ");
  for (const resource of scripts) csp.insertScriptResource(resource);
  for (const resource of withPayPal?.styleResources ?? []) csp.insertStyleResource(resource);
  const connect = [...hosts, ...(stripe ? STRIPE_CSP.connect : [])].join(" ");
  const directives = [`connect-src 'self' ${connect}`, `frame-src ${frames}`, `child-src ${frames}`];
  if (paypal) directives.push(`img-src 'self' data: blob: ${hosts.join(" ")}`);
  for (const directive of directives) csp.insertDirective(directive as never);
  return nonce;
}
