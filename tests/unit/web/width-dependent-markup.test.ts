import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, it } from "vitest";

// axe runs every state at 390 px and, at 1366 px, only the states in axe.ts's
// WIDE_STATES: the store serves one markup at every width, so a wide screen adds only what is shown
// at one width alone. Each file holding such markup names the wide state that shows it; a new one
// fails here until its screen is added there.
const root = join(import.meta.dirname, "../../..");
const SHOWN_AT_ONE_WIDTH: Record<string, string> = {
  "src/components/SiteHeader.astro": "header search results",
  // The header's cart link shows its word from 640 px.
  "src/components/CartLink.astro": "/",
  "src/islands/admin/AllOrders.tsx": "admin orders",
  // The floating dock's round buttons from 1360 px, on every page with the dock.
  "src/styles/global.css": "/",
};

const BREAKPOINT = String.raw`(?:max-)?(?:sm|md|lg|xl|2xl|min-\[[^\]]+\]|max-\[[^\]]+\])`;
const DISPLAY = "(?:block|inline|inline-block|inline-flex|flex|grid|table|table-cell|contents)";
/** A class hidden at one width (md:hidden, max-sm:sr-only), or hidden and shown from one (hidden sm:block). */
const HIDDEN_AT = new RegExp(String.raw`(?:^|[\s"'\`{])${BREAKPOINT}:(?:hidden|sr-only|not-sr-only)\b`);
const SHOWN_FROM = new RegExp(String.raw`(?:^|[\s"'\`])hidden\b[^"'\`\n]*\s${BREAKPOINT}:${DISPLAY}\b`);
/** Plain CSS that changes with the width. */
const WIDTH_QUERY = /@media[^{]*\b(min|max)-width|@variant\s+(sm|md|lg|xl)/;

function files(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(astro|tsx|css)$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

it("every piece of markup shown at one width only is on a screen axe checks at 1366 px", () => {
  const atOneWidth = files("src").filter((path) => {
    const text = readFileSync(join(root, path), "utf8");
    return HIDDEN_AT.test(text) || SHOWN_FROM.test(text) || WIDTH_QUERY.test(text);
  });
  expect(atOneWidth.sort()).toEqual(Object.keys(SHOWN_AT_ONE_WIDTH).sort());
  const spec = readFileSync(join(root, "tests/e2e/axe.ts"), "utf8");
  const wide = /const WIDE_STATES = new Set\(\[([^\]]*)\]\)/.exec(spec)?.[1] ?? "";
  for (const [path, state] of Object.entries(SHOWN_AT_ONE_WIDTH)) expect(wide, `${path}: ${state}`).toContain(`"${state}"`);
});
