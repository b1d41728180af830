import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The rules every screen must pass (issue 35): WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/**
 * axe-core's WCAG A/AA results for the page as it is now. Run in the page itself (`axe.run`, the
 * builder's "legacy" mode): the default runs `axe.runPartial` in each frame and then `axe.finishRun`
 * in a new blank page it opens for every call, which made each run about twice as long on CI; the
 * store has no cross-origin frame, the only case the default exists for. Compared on the home,
 * shop, product and FAQ pages: the same passes, violations, incomplete and inapplicable rules with
 * the same node counts, in 3.4-3.7 s instead of 6.8-7.5 s each (about 24 s instead of 64 s for a
 * context's first run).
 */
export function axeResults(page: Page) {
  return new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze();
}

/** The violations on the page as it is now, one line each: "state: rule (selector, ...)". */
export async function violations(page: Page, state: string): Promise<string[]> {
  const results = await axeResults(page);
  return results.violations.map((v) => `${state}: ${v.id} [${v.impact}] ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/**
 * The states axe checks again at 1366 px. The store serves one markup at every width: what only a
 * wide screen shows is SiteHeader's navigation and search, the floating dock's round buttons (from
 * 1360 px) and AllOrders' wide row, and the main screens lay their grids out anew. Every other state
 * is the same markup reflowed; it is checked at 390 px, where reflow and target sizes are tightest.
 * Each of these axe runs costs 3-4 s, and checking all 45 states at both widths took 8 minutes of
 * CI's browser tier. tests/unit/web/width-dependent-markup.test.ts fails when src/ gains markup
 * shown at one width only that none of these states covers.
 */
const WIDE_STATES = new Set([
  "/",
  "/shop",
  "/shop/blox-fruits",
  "a product page",
  "/cart",
  "support chat",
  "header search results",
  "/checkout",
  "/dashboard orders",
  "admin orders",
]);

/** Whether axe checks this state at this viewport width: every state on a phone, WIDE_STATES on a desktop. */
export function axeChecks(width: number, state: string): boolean {
  return width < 640 || WIDE_STATES.has(state);
}
