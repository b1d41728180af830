import { describe, expect, it } from "vitest";
import { checkPausedMethods, refusePausedMethods } from "#domain/fulfilment/paused-delivery-methods.ts";

describe("paused delivery methods", () => {
  it("keep known methods only, once each, in the store's order", () => {
    expect(checkPausedMethods(["gamepass", "teleport", "trade", "gamepass"])).toEqual(["trade", "gamepass"]);
  });

  it("refuse the first product of a paused method (409), and nothing while none is paused", () => {
    const cart = [{ name: "Dragon Fruit", deliveryMethod: "trade" as const }, null, { name: "700 Robux", deliveryMethod: "gamepass" as const }];
    expect(() => refusePausedMethods(cart, [])).not.toThrow();
    expect(() => refusePausedMethods(cart, ["gift"])).not.toThrow();
    expect(() => refusePausedMethods(cart, ["gamepass"])).toThrow(expect.objectContaining({ kind: "conflict", code: "delivery_method_paused" }));
    expect(() => refusePausedMethods([{ name: "Unknown method" }], ["trade"])).not.toThrow();
  });
});
