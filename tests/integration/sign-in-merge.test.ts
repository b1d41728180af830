import { describe, expect, it } from "vitest";
import * as cart from "#src/pages/api/cart/index.ts";
import * as register from "#src/pages/api/auth/register.ts";
import * as adminLogin from "#src/pages/api/auth/login.ts";
import { CLIENT_IP_HEADER } from "#adapters/auth/better-auth.ts";
import { ADMIN, PASSWORD, product } from "./helpers/shoppers.ts";
import { createTestApp } from "./helpers/test-app.ts";

const store = await createTestApp();

// Issue 19: a guest who signed in with Google lost the guest cart, because guest data was merged only
// on the email/password route. The merge now runs wherever better-auth creates a session (its
// session hook), so the OAuth callback, which is better-auth's own route, merges like our login does.
describe("guest data moves to the account on every sign-in path", () => {
  it("a session made by better-auth's own handler (as the Google callback does) takes the guest's cart", async () => {
    const browser = store.client();
    expect(
      (
        await browser.call(register.POST, "/api/auth/register", {
          body: { birthDate: "1990-01-01", acceptTerms: true, email: "oauth-like@shop.test", password: PASSWORD },
        })
      ).status,
    ).toBe(201);
    const dough = await product(store, "Dough Fruit (Permanent)");
    expect((await browser.call(cart.POST, "/api/cart", { body: { productId: dough.id, quantity: 2 } })).status).toBe(201);
    const cookie = [...browser.jar].map(([k, v]) => `${k}=${v}`).join("; ");

    // Straight to better-auth, not through our /api/auth/login-user route.
    const response = await store.app.auth.handler(
      new Request(`${store.config.publicUrl}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: store.config.publicUrl, cookie, [CLIENT_IP_HEADER]: "10.9.9.9" },
        body: JSON.stringify({ email: "oauth-like@shop.test", password: PASSWORD }),
      }),
    );
    expect(response.status).toBe(200);
    const { user } = (await response.json()) as { user: { id: string } };
    const lines = await store.app.db.selectFrom("cart_items").selectAll().where("productId", "=", dough.id).execute();
    expect(lines.map((l) => [l.userId, l.quantity])).toEqual([[user.id, 2]]);
  });

  it("an administrator's sign-in takes no guest data (as before; a staff session may precede its second factor)", async () => {
    await store.ensureAdmin(ADMIN.email, ADMIN.password);
    const browser = store.client();
    const pass = await product(store, "10M Diamonds");
    expect((await browser.call(cart.POST, "/api/cart", { body: { productId: pass.id, quantity: 1 } })).status).toBe(201);
    expect((await browser.call(adminLogin.POST, "/api/auth/login", { body: ADMIN })).status).toBe(200);
    const lines = await store.app.db.selectFrom("cart_items").select(["userId", "visitorId"]).where("productId", "=", pass.id).execute();
    expect(lines).toHaveLength(1);
    expect(lines[0]!.userId).toBeNull();
  });
});
