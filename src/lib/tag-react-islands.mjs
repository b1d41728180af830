// A Vite plugin for astro.config.mjs: tells Astro's server renderer that each island of
// src/islands/ is a React component. Untold, Astro asks the React renderer's `check` for every
// island on every render, and `check` calls the component outside React (it throws at its first
// hook) and then server-renders a test <div> with react-dom: a second React render per island.
// Astro's own __astro_tag_component__ (what its Preact and Solid integrations do to their
// components) skips that. The build fails if no island was tagged, so a change of how the islands
// are written cannot drop it silently.

const ISLAND = /[\\/]src[\\/]islands[\\/].+\.tsx$/;
const DEFAULT_FUNCTION = /^export default function (\w+)\s*\(/m;

/** @returns {import("vite").Plugin} */
export function tagReactIslands() {
  let tagged = 0;
  return {
    name: "shop:tag-react-islands",
    apply: "build",
    enforce: "post",
    transform(code, id) {
      // Only the server build renders islands; the browser's copy stays as it is.
      if (this.environment?.name !== "ssr" || !ISLAND.test(id)) return null;
      const component = DEFAULT_FUNCTION.exec(code)?.[1];
      if (!component) return null;
      tagged += 1;
      return {
        code: `${code}\nimport { __astro_tag_component__ as tagIslandRenderer } from "astro/runtime/server/index.js";\ntagIslandRenderer(${component}, "@astrojs/react");\n`,
        map: null,
      };
    },
    buildEnd() {
      if (tagged === 0 && this.environment?.name === "ssr")
        this.error("tag-react-islands: no island of src/islands/ was tagged; update src/lib/tag-react-islands.mjs");
    },
  };
}
