// The store's React integration for astro.config.mjs: @astrojs/react as shipped (its Vite setup, JSX
// transform and client entrypoint, which hydrates the islands in the browser), with the server
// renderer Astro loads swapped for the store's own (src/lib/react-island-server.ts: islands
// rendered with their React id prefix, no second render to recognise them, pure islands' HTML
// kept). Only Astro's public integration API is used: the integration's hooks and the renderer
// handed to `addRenderer`, so `astro dev` and the server build run the same renderer, and an
// upgrade of astro or @astrojs/react needs no patch re-read (tests/unit/web/react-islands.test.ts
// checks @astrojs/react still registers one renderer we can point elsewhere).

import { fileURLToPath } from "node:url";
import react from "@astrojs/react";

/** The store's server renderer for React islands. */
export const REACT_ISLAND_SERVER = fileURLToPath(new URL("../src/lib/react-island-server.ts", import.meta.url));

/** @returns {import("astro").AstroIntegration} */
export function reactIslands() {
  const upstream = react();
  const setup = upstream.hooks["astro:config:setup"];
  if (!setup) throw new Error("react-islands: @astrojs/react has no astro:config:setup hook; update build/react-islands.mjs");
  return {
    ...upstream,
    name: "shop:react-islands",
    hooks: {
      ...upstream.hooks,
      "astro:config:setup": (options) =>
        setup({ ...options, addRenderer: (renderer) => options.addRenderer({ ...renderer, serverEntrypoint: REACT_ISLAND_SERVER }) }),
    },
  };
}
