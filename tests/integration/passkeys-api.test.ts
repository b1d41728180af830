import { describe, expect, it } from "vitest";
import * as passkeyById from "../../src/pages/api/auth/passkeys/[id].ts";
import * as passkeys from "../../src/pages/api/auth/passkeys/index.ts";
import * as registerOptions from "../../src/pages/api/auth/passkeys/register-options.ts";
import * as signInOptions from "../../src/pages/api/auth/passkeys/sign-in-options.ts";
import * as signIn from "../../src/pages/api/auth/passkeys/sign-in.ts";
import { shopper } from "./helpers/accounts.ts";
import { createTestApp, PUBLIC_URL } from "./helpers/test-app.ts";

// Issue 20: the passkey routes around better-auth's passkey plugin. The ceremony itself (a real
// authenticator's signature) runs in tests/e2e/passkeys.spec.ts with Chromium's virtual one.
const store = await createTestApp();

describe("passkeys", () => {
  it("are for signed-in accounts: listing, adding and removing answer 401 to a guest", async () => {
    const guest = store.client();
    expect((await guest.call(passkeys.GET, "/api/auth/passkeys")).status).toBe(401);
    expect((await guest.call(registerOptions.POST, "/api/auth/passkeys/register-options")).status).toBe(401);
    expect((await guest.call(passkeys.POST, "/api/auth/passkeys", { body: { response: { id: "x" } } })).status).toBe(401);
    expect((await guest.call(passkeyById.DELETE, "/api/auth/passkeys/x", { method: "DELETE", params: { id: "x" } })).status).toBe(401);
  });

  it("offers a new account creation options for this shop, with the challenge in a short-lived cookie", async () => {
    const { browser, id } = await shopper(store, "passkey.options@shop.test");
    expect((await browser.call(passkeys.GET, "/api/auth/passkeys")).body).toEqual([]);
    const options = await browser.call(registerOptions.POST, "/api/auth/passkeys/register-options");
    expect(options.status).toBe(200);
    expect(options.body.rp).toEqual({ name: expect.any(String), id: new URL(PUBLIC_URL).hostname });
    expect(options.body.user.name).toBe("passkey.options@shop.test");
    expect(options.body.challenge).toEqual(expect.any(String));
    expect(options.headers.getSetCookie().join(";")).toMatch(/better-auth-passkey/);
    expect(id).toEqual(expect.any(String));
  });

  it("refuses a forged registration (400) or sign-in (401), stores nothing and opens no session", async () => {
    const { browser } = await shopper(store, "passkey.forged@shop.test");
    await browser.call(registerOptions.POST, "/api/auth/passkeys/register-options");
    const forged = {
      id: "AAAA",
      rawId: "AAAA",
      type: "public-key",
      response: { clientDataJSON: "e30", attestationObject: "AAAA" },
      clientExtensionResults: {},
    };
    const added = await browser.call(passkeys.POST, "/api/auth/passkeys", { body: { response: forged } });
    expect(added.status).toBe(400);
    expect(added.body.error).toMatch(/passkey could not be used/);
    expect((await browser.call(passkeys.GET, "/api/auth/passkeys")).body).toEqual([]);

    const guest = store.client();
    const challenge = await guest.call(signInOptions.POST, "/api/auth/passkeys/sign-in-options");
    expect(challenge.status).toBe(200);
    const refused = await guest.call(signIn.POST, "/api/auth/passkeys/sign-in", {
      body: {
        response: {
          id: "AAAA",
          rawId: "AAAA",
          type: "public-key",
          response: { clientDataJSON: "e30", authenticatorData: "AAAA", signature: "AAAA" },
          clientExtensionResults: {},
        },
      },
    });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toMatch(/passkey is not known here/);
    expect(refused.headers.getSetCookie().some((c) => c.includes("session_token=") && !c.includes("Max-Age=0"))).toBe(false);
    expect((await guest.call(passkeys.GET, "/api/auth/passkeys")).status).toBe(401);
  });

  it("answers 404 for another account's passkey id and 400 for an oversized answer", async () => {
    const { browser } = await shopper(store, "passkey.other@shop.test");
    expect((await browser.call(passkeyById.DELETE, "/api/auth/passkeys/not-mine", { method: "DELETE", params: { id: "not-mine" } })).status).toBe(404);
    const huge = await browser.call(passkeys.POST, "/api/auth/passkeys", { body: { response: { id: "x".repeat(30_000) } } });
    expect(huge.status).toBe(400);
  });
});
