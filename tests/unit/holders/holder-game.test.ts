import { describe, expect, it } from "vitest";
import { holdsOrdersGame } from "#domain/holders/holder.ts";

describe("holdsOrdersGame: the holder another order may be given", () => {
  it("only a holder of the game every item is of", () => {
    expect(holdsOrdersGame({ gameId: "adopt-me" }, [{ gameId: "adopt-me" }, { gameId: "adopt-me" }])).toBe(true);
    expect(holdsOrdersGame({ gameId: "adopt-me" }, [{ gameId: "adopt-me" }, { gameId: "mm2" }])).toBe(false);
    expect(holdsOrdersGame({ gameId: "mm2" }, [{ gameId: "adopt-me" }])).toBe(false);
  });
});
