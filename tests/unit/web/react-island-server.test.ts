import { createElement, useId, useState } from "react";
import { describe, expect, it } from "vitest";
import renderer from "#src/lib/react-island-server.ts";

// The store's server renderer for React islands (src/lib/react-island-server.ts), called as Astro
// calls it: `this` holds the page being rendered (Astro's result object), one per page.
const page = () => ({ result: {} });
const render = (on: { result: object }, Component: unknown, props: Record<string, unknown> = {}, slots: Record<string, string> = {}) =>
  renderer.renderToStaticMarkup.call(on, Component as never, props, slots, { astroStaticSlot: true, hydrate: "load" });

function LabelledBox({ label }: { label: string }) {
  const id = useId();
  return createElement("p", null, createElement("label", { htmlFor: id }, label), createElement("input", { id }));
}

let renders = 0;
function Counted({ text }: { text: string }) {
  renders += 1;
  const [shown] = useState(text);
  return createElement("span", null, shown);
}
function KeptCounted({ text }: { text: string }) {
  return Counted({ text });
}
KeptCounted.rendersFromPropsAlone = true;

const idsOf = (html: string) => [...html.matchAll(/ (?:id|for)="([^"]+)"/g)].map((m) => m[1]);

describe("the React islands' server renderer", () => {
  it("renders each island of a page with its own id prefix, the one the browser hydrates it with", async () => {
    const on = page();
    const first = await render(on, LabelledBox, { label: "Search items" });
    const second = await render(on, LabelledBox, { label: "Search items" });
    expect(first.attrs).toEqual({ prefix: "r0" });
    expect(second.attrs).toEqual({ prefix: "r1" });
    const [firstFor, firstId] = idsOf(first.html);
    const [secondFor, secondId] = idsOf(second.html);
    // Each label names its own island's box, and no id is shared between the two islands.
    expect(firstFor).toBe(firstId);
    expect(secondFor).toBe(secondId);
    expect(firstId).not.toBe(secondId);
    expect(firstId).toContain("r0");
    expect(secondId).toContain("r1");
    // A new page counts from r0 again, as the browser does per page.
    expect((await render(page(), LabelledBox, { label: "x" })).attrs).toEqual({ prefix: "r0" });
  });

  it("keeps a pure island's HTML per props and place, and renders every other island each time", async () => {
    renders = 0;
    const once = await render(page(), KeptCounted, { text: "kept" });
    const again = await render(page(), KeptCounted, { text: "kept" });
    expect(again.html).toBe(once.html);
    expect(renders).toBe(1);
    await render(page(), KeptCounted, { text: "other" });
    expect(renders).toBe(2);

    renders = 0;
    await render(page(), Counted, { text: "fresh" });
    await render(page(), Counted, { text: "fresh" });
    expect(renders).toBe(2);
  });

  it("renders a pure island with slots every time, its slot HTML inside an astro-slot", async () => {
    renders = 0;
    const withSlot = await render(page(), KeptCounted, { text: "slotted" }, { default: "<b>in</b>" });
    await render(page(), KeptCounted, { text: "slotted" }, { default: "<b>in</b>" });
    expect(renders).toBe(2);
    const Wrapper = ({ children }: { children?: unknown }) => createElement("div", null, children as never);
    expect((await render(page(), Wrapper, {}, { default: "<b>in</b>" })).html).toContain("<astro-slot><b>in</b></astro-slot>");
    expect(withSlot.html).toContain("slotted");
  });

  it("takes any component as React's without rendering it", async () => {
    let called = 0;
    const Island = () => {
      called += 1;
      return null;
    };
    expect(await renderer.check(Island)).toBe(true);
    expect(called).toBe(0);
    expect(await renderer.check("div")).toBe(false);
  });
});
