import { describe, expect, it } from "vitest";
import { cspNonce, paypalCheckoutCsp } from "#server/checkout-csp.ts";

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
