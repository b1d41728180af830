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
