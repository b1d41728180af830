import { describe, expect, it } from "vitest";
import { decideStatusChange } from "#domain/orders/order.ts";

describe("changing an order's status", () => {
  it("changes nothing when the status is the same", () => {
    expect(decideStatusChange({ status: "pending", stockReturned: false }, "pending")).toBeNull();
  });

  it("puts the units back when a pending or processing order is cancelled", () => {
    expect(decideStatusChange({ status: "pending", stockReturned: false }, "cancelled")).toEqual({
      from: "pending",
      to: "cancelled",
      stock: "restore",
      stockReturned: true,
    });
    expect(decideStatusChange({ status: "processing", stockReturned: false }, "cancelled")).toMatchObject({ stock: "restore" });
  });

  it("does not restock a delivered (completed) order that is cancelled", () => {
    expect(decideStatusChange({ status: "completed", stockReturned: false }, "cancelled")).toEqual({
      from: "completed",
      to: "cancelled",
      stock: "none",
      stockReturned: false,
    });
  });

  it("takes the units again when a restocked cancelled order is reopened, and only then", () => {
    expect(decideStatusChange({ status: "cancelled", stockReturned: true }, "processing")).toEqual({
      from: "cancelled",
      to: "processing",
      stock: "take",
      stockReturned: false,
    });
    expect(decideStatusChange({ status: "cancelled", stockReturned: false }, "completed")).toMatchObject({ stock: "none" });
    expect(decideStatusChange({ status: "pending", stockReturned: false }, "completed")).toMatchObject({ stock: "none" });
  });
});
