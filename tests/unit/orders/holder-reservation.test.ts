import { describe, expect, it } from "vitest";
import { chooseHolders, releaseFromHolders, reserveOnHolders } from "#domain/orders/holder-reservation.ts";
import { delivererPhrase } from "#domain/orders/delivery-phrase.ts";
import type { Holding } from "#domain/orders/order-holders.port.ts";
import { createInMemoryOrderHolders, emptyHoldersState } from "#tests/fakes/in-memory-order-holders.ts";

const h = (holderId: string, productId: string, quantity: number, active = true): Holding => ({ holderId, productId, quantity, active });

describe("chooseHolders: the accounts a paid order's units are reserved on", () => {
  it("one holder holding them all, even when another holds more of one product", () => {
    const holdings = [h("a", "dragon", 5), h("b", "dragon", 2), h("b", "owl", 1)];
    expect(
      chooseHolders(
        [
          { productId: "dragon", quantity: 2 },
          { productId: "owl", quantity: 1 },
        ],
        holdings,
      ),
    ).toEqual([
      { holderId: "b", productId: "dragon", quantity: 2 },
      { holderId: "b", productId: "owl", quantity: 1 },
    ]);
  });

  it("otherwise the fewest holders, the one covering most first", () => {
    const holdings = [h("a", "dragon", 1), h("b", "dragon", 3), h("c", "dragon", 2)];
    expect(chooseHolders([{ productId: "dragon", quantity: 5 }], holdings)).toEqual([
      { holderId: "b", productId: "dragon", quantity: 3 },
      { holderId: "c", productId: "dragon", quantity: 2 },
    ]);
  });

  it("never a lost holder; null when the active ones cannot cover the order", () => {
    expect(chooseHolders([{ productId: "dragon", quantity: 2 }], [h("a", "dragon", 5, false), h("b", "dragon", 1)])).toBeNull();
  });

  it("reserves nothing for products without holders, and ties go to the most units, then the lowest id", () => {
    expect(chooseHolders([{ productId: "robux", quantity: 3 }], [h("a", "dragon", 5)])).toEqual([]);
    expect(chooseHolders([{ productId: "dragon", quantity: 1 }], [h("b", "dragon", 2), h("a", "dragon", 2)])).toEqual([
      { holderId: "a", productId: "dragon", quantity: 1 },
    ]);
  });
});

describe("reserve and release on the holders", () => {
  it("takes the units off the chosen holders and gives them back to the active ones (a lost one's are gone), then recounts the product", async () => {
    const state = emptyHoldersState();
    state.holdings.push(h("a", "dragon", 2), h("b", "dragon", 1));
    const products = [{ id: "dragon", stock: 3 }];
    const holders = createInMemoryOrderHolders(
      () => state,
      () => products,
    );
    expect(await reserveOnHolders(holders, "o1", [{ productId: "dragon", quantity: 3 }])).toBe(true);
    expect(state.holdings.map((x) => x.quantity)).toEqual([0, 0]);
    state.holdings[1]!.active = false;
    await releaseFromHolders(holders, "o1", ["dragon"]);
    expect(state.holdings.map((x) => x.quantity)).toEqual([2, 0]);
    expect(products[0]!.stock).toBe(2);
  });

  it("only on the holder staff chose: false when it cannot take it all", async () => {
    const state = emptyHoldersState();
    state.holdings.push(h("a", "dragon", 5), h("b", "dragon", 1));
    const holders = createInMemoryOrderHolders(
      () => state,
      () => [],
    );
    expect(await reserveOnHolders(holders, "o1", [{ productId: "dragon", quantity: 2 }], "b")).toBe(false);
    expect(await reserveOnHolders(holders, "o1", [{ productId: "dragon", quantity: 1 }], "b")).toBe(true);
    expect(state.reservations).toEqual([{ orderId: "o1", holderId: "b", productId: "dragon", quantity: 1 }]);
  });
});

describe("delivererPhrase", () => {
  it("is two plain words and a number, from the random id it is given", () => {
    expect(delivererPhrase("00000000-0000-4000-8000-000000000000")).toBe("apple-apple-10");
    expect(delivererPhrase("3f9a51c2-aaaa-4bbb-8ccc-dddddddddddd")).toMatch(/^[a-z]+-[a-z]+-\d{2}$/);
    expect(delivererPhrase("3f9a51c2-aaaa-4bbb-8ccc-dddddddddddd")).not.toBe(delivererPhrase("3f9a52c2-aaaa-4bbb-8ccc-dddddddddddd"));
  });
});
