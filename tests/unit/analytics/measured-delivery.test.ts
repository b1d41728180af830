import { describe, expect, it } from "vitest";
import { MEASURED_DELIVERY_MIN_DELIVERIES, measuredDelivery, minutesWaitedForShop } from "#domain/analytics/measured-delivery.ts";

/** `n` deliveries of `minutes` each. */
const took = (minutes: number, n: number) => ({ minutes, deliveries: n });

describe("the product page's measured delivery time", () => {
  it("is the product's own median once it has enough deliveries, whatever its game's", () => {
    const product = [took(8, 4), took(12, 5), took(40, MEASURED_DELIVERY_MIN_DELIVERIES - 9)];
    expect(measuredDelivery(product, [took(3, 500)])).toEqual({ scope: "product", medianMinutes: 12, deliveries: 10 });
    // The game is not needed (the read leaves it unread).
    expect(measuredDelivery(product, null)).toEqual({ scope: "product", medianMinutes: 12, deliveries: 10 });
  });

  it("falls back to the game's median when the product has too few", () => {
    const product = [took(30, MEASURED_DELIVERY_MIN_DELIVERIES - 1)];
    expect(measuredDelivery(product, null)).toBeNull();
    // The even count's middle two (11 and 14) rounded.
    expect(measuredDelivery(product, [took(11, 6), took(14, 6)])).toEqual({ scope: "game", medianMinutes: 13, deliveries: 12 });
  });

  it("is nothing when the game has too few as well (the page shows the promise alone)", () => {
    expect(measuredDelivery([took(5, 2)], [took(5, 2), took(9, MEASURED_DELIVERY_MIN_DELIVERIES - 3)])).toBeNull();
    expect(measuredDelivery([], [])).toBeNull();
  });

  it("counts no taken-back deliveries (a reopened order delivered again on another day)", () => {
    expect(measuredDelivery([took(5, 9), took(7, 0), took(9, -1)], null)).toBeNull();
  });
});

describe("minutes waited for the shop", () => {
  const paid = new Date("2026-12-01T10:00:00Z");
  const at = (minutes: number) => new Date(paid.getTime() + minutes * 60_000);

  it("are the minutes from payment to delivery, rounded up, like OrderDelivered's", () => {
    expect(minutesWaitedForShop(paid, at(12 + 1 / 60), 0)).toBe(13);
    expect(minutesWaitedForShop(paid, at(12), 0)).toBe(12);
  });

  it("leave out the time staff waited for the buyer", () => {
    expect(minutesWaitedForShop(paid, at(95), 80 * 60_000)).toBe(15);
    expect(minutesWaitedForShop(paid, at(5), 10 * 60_000)).toBe(0);
  });
});
