import { describe, expect, it } from "vitest";
import { assertStillAvailable, decidePrepare, isHolding, type CartEntry, type CheckoutClaim } from "#domain/checkout/checkout.ts";
import type { DiscountCode } from "#domain/promotions/discount-code.ts";

const now = new Date("2026-11-21T12:00:00.000Z");
const entry = (id: string, quantity: number, price: number, available = 10, gameId = "g"): CartEntry => ({
  line: { id, productId: `p-${id}`, quantity },
  product: { id: `p-${id}`, name: `Item ${id}`, gameId, price, stock: available, available, requirements: [] },
});
const claim = (over: Partial<CheckoutClaim> = {}): CheckoutClaim => ({
  email: "sam@shop.test",
  robloxUsername: "Sam_123",
  total: 3000,
  discountCodeId: null,
  discountAmount: null,
  useStoreCredit: false,
  cartItems: [
    { id: "a", quantity: 1 },
    { id: "b", quantity: 2 },
  ],
  ...over,
});
const cart = [entry("a", 1, 1000), entry("b", 2, 1000)];
const code: DiscountCode = {
  id: "d1",
  code: "SAVE5",
  type: "fixed",
  amount: 500,
  status: "active",
  startDate: null,
  endDate: null,
  usageLimit: null,
  usageCount: 0,
  minPurchase: 2000,
  appliesToGame: null,
  createdBy: null,
};
const prepare = (over: Partial<Parameters<typeof decidePrepare>[0]> = {}) =>
  decidePrepare({ id: "c1", userId: "u1", claim: claim(), cart, discountCode: null, storeCredit: 0, now, ...over });

describe("a cart's requirements (issue 49)", () => {
  const license = { code: "adopt-me-trade-license", text: "I have the Trade License" };
  const trades = { code: "trades-enabled", text: "Trading is allowed", url: "https://en.help.roblox.com/x" };
  const needing =
    (...requirements: { code: string; text: string }[]) =>
    (e: CartEntry): CartEntry => ({ ...e, product: { ...e.product!, requirements } });
  const withRequirements = [needing(license, trades)(entry("a", 1, 1000)), needing(trades)(entry("b", 2, 1000))];

  it("refuses to prepare until each requirement is ticked, naming the missing codes once each", () => {
    expect(() => prepare({ cart: withRequirements })).toThrow(expect.objectContaining({ code: "requirements_not_acknowledged", kind: "unprocessable" }));
    try {
      prepare({ cart: withRequirements, claim: claim({ acknowledgedRequirements: ["trades-enabled"] }) });
    } catch (error) {
      expect((error as { answer: unknown }).answer).toEqual({ code: "requirements_not_acknowledged", missing: ["adopt-me-trade-license"] });
    }
  });

  it("keeps what was acknowledged, as its text read then; extra codes change nothing", () => {
    const checkout = prepare({ cart: withRequirements, claim: claim({ acknowledgedRequirements: ["trades-enabled", "adopt-me-trade-license", "other"] }) });
    expect(checkout.acknowledgedRequirements).toEqual([
      { code: "adopt-me-trade-license", text: "I have the Trade License" },
      { code: "trades-enabled", text: "Trading is allowed" },
    ]);
  });

  it("asks nothing of a cart without requirements", () => {
    expect(prepare().acknowledgedRequirements).toEqual([]);
  });
});

describe("preparing a checkout", () => {
  it("prices the cart on the server and holds it for 15 minutes", () => {
    const checkout = prepare();
    expect(checkout).toMatchObject({ subtotal: 3000, discount: 0, total: 3000, status: "prepared", paymentId: null, email: "sam@shop.test" });
    expect(checkout.items).toEqual([
      { productId: "p-a", productName: "Item a", gameId: "g", unitPrice: 1000, quantity: 1 },
      { productId: "p-b", productName: "Item b", gameId: "g", unitPrice: 1000, quantity: 2 },
    ]);
    expect(checkout.expiresAt.toISOString()).toBe("2026-11-21T12:15:00.000Z");
    expect(isHolding(checkout, new Date("2026-11-21T12:14:59.999Z"))).toBe(true);
    expect(isHolding(checkout, checkout.expiresAt)).toBe(false);
    expect(isHolding({ ...checkout, status: "replaced" }, now)).toBe(false);
  });

  it("applies the code and checks the page's discount and total against its own", () => {
    const checkout = prepare({ discountCode: code, claim: claim({ discountCodeId: "d1", discountAmount: 500, total: 2500 }) });
    expect(checkout).toMatchObject({ discount: 500, total: 2500, discountCode: "SAVE5", discountCodeId: "d1" });
    expect(() => prepare({ discountCode: code, claim: claim({ discountCodeId: "d1", discountAmount: 900, total: 2100 }) })).toThrow(
      "The discount is $5.00. Please review your order and try again.",
    );
  });

  it("refuses a tampered total with 409 naming the real one", () => {
    expect(() => prepare({ claim: claim({ total: 100 }) })).toThrow(
      expect.objectContaining({ kind: "conflict", message: "The order total is $30.00, not $1.00. Please review your order and try again." }),
    );
  });

  it("refuses missing information and an empty cart with the spec's words", () => {
    expect(() => prepare({ claim: claim({ robloxUsername: "  " }) })).toThrow("Missing Information: Please enter your Roblox username and email");
    expect(() => prepare({ claim: claim({ email: "" }) })).toThrow(/Missing Information/);
    expect(() => prepare({ cart: [], claim: claim({ cartItems: [] }) })).toThrow(/Cart is Empty/);
  });

  it("refuses a cart line that is not the shopper's (400) and a claim that no longer matches the cart (409)", () => {
    expect(() =>
      prepare({
        claim: claim({
          cartItems: [
            { id: "someone-elses", quantity: 1 },
            { id: "b", quantity: 2 },
          ],
        }),
      }),
    ).toThrow(expect.objectContaining({ kind: "invalid", message: "Cart item someone-elses is not in your cart" }));
    expect(() => prepare({ claim: claim({ cartItems: [{ id: "a", quantity: 1 }] }) })).toThrow(expect.objectContaining({ code: "cart_changed" }));
    expect(() =>
      prepare({
        claim: claim({
          cartItems: [
            { id: "a", quantity: 1 },
            { id: "b", quantity: 3 },
          ],
        }),
      }),
    ).toThrow(expect.objectContaining({ code: "cart_changed" }));
    expect(() =>
      prepare({
        claim: claim({
          cartItems: [
            { id: "a", quantity: 1 },
            { id: "a", quantity: 1 },
          ],
        }),
      }),
    ).toThrow(expect.objectContaining({ code: "cart_changed" }));
  });

  it("refuses what is out of stock, short, or gone", () => {
    expect(() => prepare({ cart: [entry("a", 1, 1000, 0), entry("b", 2, 1000)] })).toThrow("Item a is out of stock");
    expect(() => prepare({ cart: [entry("a", 1, 1000), entry("b", 2, 1000, 1)] })).toThrow("Only 1 of Item b available");
    expect(() => prepare({ cart: [{ ...entry("a", 1, 1000), product: null }, entry("b", 2, 1000)] })).toThrow(/no longer sold/);
  });

  it("refuses a code id that does not exist, and a code below its minimum", () => {
    expect(() => prepare({ claim: claim({ discountCodeId: "nope", total: 3000 }) })).toThrow("Invalid discount code");
    expect(() =>
      prepare({ cart: [entry("a", 1, 1000)], discountCode: code, claim: claim({ discountCodeId: "d1", total: 500, cartItems: [{ id: "a", quantity: 1 }] }) }),
    ).toThrow("Minimum purchase of $20.00 required");
  });

  it("re-checks availability at capture when the hold expired", () => {
    const items = prepare().items;
    expect(() => assertStillAvailable(items, () => 5)).not.toThrow();
    expect(() => assertStillAvailable(items, (id) => (id === "p-b" ? 1 : 5))).toThrow("Only 1 of Item b available");
    expect(() => assertStillAvailable(items, () => null)).toThrow(/no longer sold/);
  });
});
