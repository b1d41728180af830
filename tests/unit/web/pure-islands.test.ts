import { describe, expect, it } from "vitest";
import { createIslandHtmlKeeper, type IslandHtml } from "#src/lib/pure-islands.ts";

/** A render that says which call it was, so a kept answer is told from a fresh one. */
function counter(html = "<p>x</p>") {
  let calls = 0;
  return {
    render: async (): Promise<IslandHtml> => {
      calls += 1;
      return { html: `${html}${calls}`, attrs: { prefix: "r0" } };
    },
    calls: () => calls,
  };
}

const Search = () => null;
const Dock = () => null;

describe("the pure islands' HTML keeper", () => {
  it("renders once per component, id prefix and props, and answers the same HTML after", async () => {
    const keeper = createIslandHtmlKeeper();
    const search = counter();
    const first = await keeper.render(Search, "r0", { inMenu: true }, search.render);
    const again = await keeper.render(Search, "r0", { inMenu: true }, search.render);
    expect(again.html).toBe(first.html);
    expect(search.calls()).toBe(1);

    await keeper.render(Search, "r1", { inMenu: true }, search.render);
    await keeper.render(Search, "r0", { inMenu: false }, search.render);
    await keeper.render(Dock, "r0", { inMenu: true }, search.render);
    expect(search.calls()).toBe(4);
    expect(keeper.size().entries).toBe(4);
  });

  it("renders every time when a prop is not a string, number, boolean or null", async () => {
    const keeper = createIslandHtmlKeeper();
    const island = counter();
    await keeper.render(Search, "r0", { items: ["a"] }, island.render);
    await keeper.render(Search, "r0", { items: ["a"] }, island.render);
    await keeper.render(Search, "r0", { at: new Date(0) }, island.render);
    expect(island.calls()).toBe(3);
    expect(keeper.size().entries).toBe(0);
  });

  it("answers a copy of the attributes, so Astro's additions never reach the kept entry", async () => {
    const keeper = createIslandHtmlKeeper();
    const island = counter();
    const first = await keeper.render(Search, "r0", {}, island.render);
    first.attrs["data-extra"] = "1";
    const kept = await keeper.render(Search, "r0", {}, island.render);
    expect(kept.attrs).toEqual({ prefix: "r0" });
  });

  it("keeps at most maxEntries, dropping the oldest first", async () => {
    const keeper = createIslandHtmlKeeper({ maxEntries: 2, maxBytes: 1_000_000 });
    const island = counter();
    for (const game of ["a", "b", "c"]) await keeper.render(Search, "r0", { game }, island.render);
    expect(keeper.size().entries).toBe(2);
    await keeper.render(Search, "r0", { game: "c" }, island.render);
    expect(island.calls()).toBe(3);
    await keeper.render(Search, "r0", { game: "a" }, island.render);
    expect(island.calls()).toBe(4);
  });

  it("keeps at most maxBytes, and never an island larger than that alone", async () => {
    const keeper = createIslandHtmlKeeper({ maxEntries: 100, maxBytes: 100 });
    const small = counter("s".repeat(19)); // 20 characters with the call number: 40 bytes
    await keeper.render(Search, "r0", { n: 1 }, small.render);
    await keeper.render(Search, "r0", { n: 2 }, small.render);
    await keeper.render(Search, "r0", { n: 3 }, small.render);
    expect(keeper.size()).toEqual({ entries: 2, bytes: 80 });

    const huge = counter("h".repeat(60));
    await keeper.render(Dock, "r0", {}, huge.render);
    await keeper.render(Dock, "r0", {}, huge.render);
    expect(huge.calls()).toBe(2);
    expect(keeper.size().bytes).toBeLessThanOrEqual(100);
  });
});
