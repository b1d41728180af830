import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { resignCookies } from "#adapters/auth/resign-cookies.ts";
import { signVisitorId, verifyVisitorCookie } from "#adapters/auth/visitor-cookie.ts";

const OLD = "old-secret-old-secret-old-secret-0";
const NEW = "new-secret-new-secret-new-secret-1";
// better-call's format: value.base64(HMAC-SHA256(secret, value)), URI-encoded.
const signed = (value: string, secret: string) => encodeURIComponent(`${value}.${createHmac("sha256", secret).update(value).digest("base64")}`);

describe("resignCookies (a rotated secret's grace period)", () => {
  it("signs session and visitor cookies made with a previous secret again with the current one", () => {
    const header = `better-auth.session_token=${signed("tok123", OLD)}; theme=dark; shop_visitor=${signVisitorId("abcdefghijklmnopqrst", OLD)}`;
    const out = resignCookies(header, { current: NEW, previous: [OLD] })!;
    expect(out).toContain(`better-auth.session_token=${signed("tok123", NEW)}`);
    expect(out).toContain("theme=dark");
    const visitor = /shop_visitor=([^;]+)/.exec(out)![1];
    expect(verifyVisitorCookie(visitor, NEW)).toBe("abcdefghijklmnopqrst");
  });

  it("changes nothing for current cookies, forged signatures, or when there is no previous secret", () => {
    expect(resignCookies(`better-auth.session_token=${signed("tok", NEW)}`, { current: NEW, previous: [OLD] })).toBeNull();
    expect(resignCookies(`better-auth.session_token=${signed("tok", "someone-elses-secret-xxxxxxxxxxxx")}`, { current: NEW, previous: [OLD] })).toBeNull();
    expect(
      resignCookies(`shop_visitor=${signVisitorId("abcdefghijklmnopqrst", "forged-forged-forged-forged-forged")}`, { current: NEW, previous: [OLD] }),
    ).toBeNull();
    expect(resignCookies(`better-auth.session_token=${signed("tok", OLD)}`, { current: NEW, previous: [] })).toBeNull();
    expect(resignCookies(null, { current: NEW, previous: [OLD] })).toBeNull();
  });
});
