import { describe, expect, it } from "vitest";
import { allowProvidersOnPage, cspNonce, paypalCheckoutCsp } from "#server/checkout-csp.ts";

describe("the checkout page's CSP with PayPal (issue 35)", () => {
  it("allows PayPal's hosts and the answer's nonce for scripts and styles, never 'unsafe-inline'", () => {
    const csp = paypalCheckoutCsp("abc123==");
    expect(csp.scriptResources).toEqual(["https://*.paypal.com", "https://*.paypalobjects.com", "https://*.venmo.com", "'nonce-abc123=='"]);
    // Adding a style resource drops Astro's implicit 'self' (the store's own stylesheets): it is kept.
    expect(csp.styleResources).toEqual(["'self'", "https://*.paypal.com", "https://*.paypalobjects.com", "https://*.venmo.com", "'nonce-abc123=='"]);
    expect([...csp.scriptResources, ...csp.styleResources, ...csp.directives].join(" ")).not.toMatch(/unsafe/);
  });

  it("keeps the base policy's own sources in the directives it merges (calls to this origin, data: images)", () => {
    const { directives } = paypalCheckoutCsp("n");
    expect(directives).toContain("connect-src 'self' https://*.paypal.com https://*.paypalobjects.com https://*.venmo.com");
    expect(directives).toContain("img-src 'self' data: blob: https://*.paypal.com https://*.paypalobjects.com https://*.venmo.com");
    expect(directives.map((d) => d.split(" ")[0])).toEqual(["connect-src", "frame-src", "child-src", "img-src"]);
  });

  it("makes a new 128-bit nonce each time", () => {
    const a = cspNonce();
    expect(Buffer.from(a, "base64")).toHaveLength(16);
    expect(cspNonce()).not.toBe(a);
  });
});

/** What a page's CSP was told, as Astro's API is called. */
function recorded(providers: string[]) {
  const page = { scripts: [] as string[], styles: [] as string[], directives: [] as string[] };
  const nonce = allowProvidersOnPage(providers, {
    insertScriptResource: (r) => void page.scripts.push(r),
    insertStyleResource: (r) => void page.styles.push(r),
    insertDirective: (d: string) => void page.directives.push(d),
  });
  return { nonce, ...page };
}

describe("the checkout page's CSP with the configured providers", () => {
  it("allows only Stripe's documented origins with Stripe, and nothing of PayPal's", () => {
    const page = recorded(["sandbox", "stripe"]);
    expect(page.nonce).toBeNull();
    expect(page.scripts).toEqual(["https://js.stripe.com", "https://*.js.stripe.com"]);
    expect(page.directives).toEqual([
      "connect-src 'self' https://api.stripe.com",
      "frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
      "child-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
    ]);
    expect(JSON.stringify(page)).not.toMatch(/paypal|unsafe/);
  });

  it("lists both providers' origins in one directive each when both are configured; the sandbox alone adds nothing", () => {
    const page = recorded(["paypal", "stripe"]);
    expect(page.nonce).not.toBeNull();
    expect(page.directives.filter((d) => d.startsWith("connect-src"))).toEqual([
      "connect-src 'self' https://*.paypal.com https://*.paypalobjects.com https://*.venmo.com https://api.stripe.com",
    ]);
    expect(page.scripts).toContain("https://js.stripe.com");
    expect(page.scripts).toContain("https://*.paypal.com");
    expect(recorded(["sandbox"])).toEqual({ nonce: null, scripts: [], styles: [], directives: [] });
  });
});
