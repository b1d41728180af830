import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { AstroRenderer } from "astro";
import { REACT_ISLAND_SERVER, reactIslands } from "#build/react-islands.mjs";

// The integration of astro.config.mjs (build/react-islands.mjs): @astrojs/react as shipped, with
// the store's server renderer handed to Astro instead of its own. If an upgrade of @astrojs/react
// changes how it registers its renderer, this fails before any page renders with React's own
// (which would bring the shared useId ids of issue 35 back).
describe("the React islands' integration", () => {
  it("registers @astrojs/react's renderer with the store's server entrypoint, and its Vite setup as is", async () => {
    const renderers: AstroRenderer[] = [];
    const configs: unknown[] = [];
    const integration = reactIslands();
    await integration.hooks["astro:config:setup"]!({
      command: "build",
      addRenderer: (renderer: AstroRenderer) => renderers.push(renderer),
      updateConfig: (config: unknown) => configs.push(config),
      injectScript: () => undefined,
    } as never);
    expect(renderers).toEqual([{ name: "@astrojs/react", clientEntrypoint: "@astrojs/react/client.js", serverEntrypoint: REACT_ISLAND_SERVER }]);
    expect(existsSync(REACT_ISLAND_SERVER)).toBe(true);
    // The JSX transform and React's dependency setup still come from @astrojs/react.
    expect(JSON.stringify(configs)).toContain("vite");
  });
});
