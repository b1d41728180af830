import { describe, expect, it } from "vitest";
import { assertWithinHoldCaps, MAX_HOLD_RENEWALS, nextHold } from "#domain/checkout/hold-policy.ts";

const HOLD = 15 * 60_000;
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 21, 10, minutes));

describe("nextHold", () => {
  it("starts a run of holds when there is no previous one", () => {
    expect(nextHold(null, at(0), HOLD)).toEqual({ holdStartedAt: at(0), holdRenewals: 0, expiresAt: at(15) });
  });

  it(`restarts the clock of a running hold ${MAX_HOLD_RENEWALS} times, then keeps the run's end`, () => {
    let hold = nextHold(null, at(0), HOLD);
    for (let i = 1; i <= MAX_HOLD_RENEWALS; i++) {
      hold = nextHold(hold, at(i * 10), HOLD);
      expect(hold).toEqual({ holdStartedAt: at(0), holdRenewals: i, expiresAt: at(i * 10 + 15) });
    }
    const kept = nextHold(hold, at(40), HOLD);
    expect(kept.expiresAt).toEqual(at(45));
    // Within one hold's length after the end, the run goes on: nothing is held.
    expect(nextHold(kept, at(55), HOLD).expiresAt).toEqual(at(45));
  });

  it("starts afresh once a hold's length has passed since the previous one ended", () => {
    const ended = { holdStartedAt: at(0), holdRenewals: 5, expiresAt: at(45) };
    expect(nextHold(ended, at(60), HOLD)).toEqual({ holdStartedAt: at(60), holdRenewals: 0, expiresAt: at(75) });
  });
});

describe("assertWithinHoldCaps", () => {
  const caps = { maxUnitsPerProduct: 10, maxUnitsHeld: 30 };
  it("accepts a cart at the caps", () => {
    expect(() =>
      assertWithinHoldCaps(
        [
          { productName: "A", quantity: 10 },
          { productName: "B", quantity: 10 },
          { productName: "C", quantity: 10 },
        ],
        caps,
      ),
    ).not.toThrow();
  });
  it("refuses more of one product than the cap, naming it", () => {
    expect(() => assertWithinHoldCaps([{ productName: "Dragon Fruit", quantity: 11 }], caps)).toThrow("You can buy at most 10 of Dragon Fruit in one order");
  });
  it("refuses more units in all than a shopper may hold", () => {
    const lines = Array.from({ length: 4 }, (_, i) => ({ productName: `P${i}`, quantity: 8 }));
    expect(() => assertWithinHoldCaps(lines, caps)).toThrow("One order can hold at most 30 items and your cart has 32");
  });
});
