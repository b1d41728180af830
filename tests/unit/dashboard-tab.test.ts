import { describe, expect, it } from "vitest";
import { tabFromUrl } from "#src/islands/Dashboard.tsx";

describe("dashboard tab in the URL", () => {
  it("reads a known tab and falls back to Orders", () => {
    expect(tabFromUrl("?tab=points")).toBe("points");
    expect(tabFromUrl("?tab=referrals&x=1")).toBe("referrals");
    expect(tabFromUrl("")).toBe("orders");
    expect(tabFromUrl("?tab=admin")).toBe("orders");
  });
});
