import { describe, expect, it } from "vitest";
import { shopperCancel } from "#domain/fulfilment/shopper-cancel.ts";

const open = { status: "pending", paymentStatus: "paid", delivered: false, started: false };

describe("what a shopper's cancel does", () => {
  it("cancels at once while nobody has started the order, paid or awaiting payment", () => {
    expect(shopperCancel(open)).toBe("cancel");
    expect(shopperCancel({ ...open, paymentStatus: "awaiting" })).toBe("cancel");
    expect(shopperCancel({ ...open, paymentStatus: "partially_refunded" })).toBe("cancel");
  });
  it("asks staff once they have started it (processing, or a delivery under way)", () => {
    expect(shopperCancel({ ...open, status: "processing" })).toBe("request");
    expect(shopperCancel({ ...open, started: true })).toBe("request");
  });
  it("does nothing once it is delivered, completed, cancelled, paid back or denied", () => {
    expect(shopperCancel({ ...open, delivered: true })).toBe("closed");
    expect(shopperCancel({ ...open, status: "completed" })).toBe("closed");
    expect(shopperCancel({ ...open, status: "cancelled" })).toBe("closed");
    expect(shopperCancel({ ...open, paymentStatus: "refunded" })).toBe("closed");
    expect(shopperCancel({ ...open, paymentStatus: "reversed" })).toBe("closed");
    expect(shopperCancel({ ...open, paymentStatus: "denied" })).toBe("closed");
  });
});
