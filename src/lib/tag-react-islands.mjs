// A Vite plugin for astro.config.mjs: tells Astro's server renderer that each island of
// src/islands/ is a React component. Untold, Astro asks the React renderer's `check` for every
// island on every render, and `check` calls the component outside React (it throws at its first
// hook) and then server-renders a test <div> with react-dom: a second React render per island.
// Astro's own __astro_tag_component__ (what its Preact and Solid integrations do to their
// components) skips that. The build fails if no island was tagged, so a change of how the islands
// are written cannot drop it silently.
//
// Islands named in `pureServerRender` are also marked pure: their server HTML is a function of their
// props alone (no time, no randomness, no store or global read while rendering on the server), so
// Astro's React renderer renders them once per props and place on the page and keeps the HTML
// (src/lib/astro-patches.mjs). A listed island that is not found fails the build.

/** The mark of a pure island, a Symbol.for key (read by the React renderer's patch, astro-patches.mjs). */
export const PURE_SERVER_RENDER_KEY = "shop:pure-server-render";

const ISLAND = /[\\/]src[\\/]islands[\\/].+\.tsx$/;
const DEFAULT_FUNCTION = /^export default function (\w+)\s*\(/m;

/**
 * @param {{ pureServerRender?: string[] }} [options] island file names (without .tsx) to mark pure
 * @returns {import("vite").Plugin}
 */
export function tagReactIslands({ pureServerRender = [] } = {}) {
  let tagged = 0;
  const markedPure = new Set();
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
      const island = /([^\\/]+)\.tsx$/.exec(id)?.[1] ?? "";
      const pure = pureServerRender.includes(island);
      if (pure) markedPure.add(island);
      return {
        code:
          `${code}\nimport { __astro_tag_component__ as tagIslandRenderer } from "astro/runtime/server/index.js";\ntagIslandRenderer(${component}, "@astrojs/react");\n` +
          (pure ? `Object.defineProperty(${component}, Symbol.for(${JSON.stringify(PURE_SERVER_RENDER_KEY)}), { value: true });\n` : ""),
        map: null,
      };
    },
    buildEnd() {
      if (this.environment?.name !== "ssr") return;
      if (tagged === 0) this.error("tag-react-islands: no island of src/islands/ was tagged; update src/lib/tag-react-islands.mjs");
      const missing = pureServerRender.filter((island) => !markedPure.has(island));
      if (missing.length) this.error(`tag-react-islands: pure islands not found in src/islands/: ${missing.join(", ")}`);
    },
  };
}
