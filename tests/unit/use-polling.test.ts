import { describe, expect, it } from "vitest";
import { ApiError } from "#src/lib/api-client.ts";
import { endsPolling } from "#src/lib/use-polling.ts";

describe("a failed poll", () => {
  it("ends polling quietly when the session is gone (401), and is reported otherwise", () => {
    expect(endsPolling(new ApiError(401, "Please log in to continue"))).toBe(true);
    expect(endsPolling(new ApiError(403, "Not allowed"))).toBe(false);
    expect(endsPolling(new ApiError(500, "Something went wrong"))).toBe(false);
    expect(endsPolling(new TypeError("Failed to fetch"))).toBe(false);
  });
});
