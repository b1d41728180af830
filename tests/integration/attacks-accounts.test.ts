import { describe, expect, it } from "vitest";
import * as loginUser from "#src/pages/api/auth/login-user.ts";
import * as register from "#src/pages/api/auth/register.ts";
import { manualClock } from "../fakes/in-memory-shopping.ts";
import { createTestApp } from "./helpers/test-app.ts";

// Issue 17's guessing attacks on accounts. The app's clock stands still, so the limits' windows
// cannot roll over in the middle of a test (better-auth's own per-address limit keeps real time).
const store = await createTestApp({ seed: false, clock: manualClock() });
const PASSWORD = "correct horse battery";

async function registered(email: string) {
  const res = await store
    .client()
    .call(register.POST, "/api/auth/register", { body: { birthDate: "1990-01-01", acceptTerms: true, email, password: PASSWORD, firstName: "Sam" } });
  expect(res.status).toBe(201);
}

describe("guessing at accounts", () => {
  it("account enumeration without limit: sign-up counts every attempt from an address, taken or not (429 with Retry-After)", async () => {
    await registered("known@shop.test");
    const prober = store.client({ ip: "203.0.113.77" });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push(
        (
          await prober.call(register.POST, "/api/auth/register", {
            body: { birthDate: "1990-01-01", acceptTerms: true, email: "known@shop.test", password: PASSWORD },
          })
        ).status,
      );
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    const limited = await prober.call(register.POST, "/api/auth/register", {
      body: { birthDate: "1990-01-01", acceptTerms: true, email: "another-new@shop.test", password: PASSWORD },
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
  it("no per-account brake: 40 wrong passwords for one account from 40 addresses are no longer all checked, and then the right one is refused for a while", async () => {
    await registered("victim@shop.test");
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const fromNewAddress = store.client({ ip: `198.51.100.${i + 1}` });
      statuses.push(
        (await fromNewAddress.call(loginUser.POST, "/api/auth/login-user", { body: { email: "victim@shop.test", password: `guess-${i}-xx` } })).status,
      );
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    const right = await store
      .client({ ip: "198.51.100.200" })
      .call(loginUser.POST, "/api/auth/login-user", { body: { email: "Victim@shop.test", password: PASSWORD } });
    expect(right.status).toBe(429);
    expect(right.body).toEqual({ error: "Too many sign-in attempts. Please wait a few minutes and try again." });
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
