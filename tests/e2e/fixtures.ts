import { test as base, type Browser, type BrowserContext, type Page } from "@playwright/test";

/**
 * The guard rails every journey runs under (issue 35): a journey fails when any page it opened, in
 * its own context or in one it made with `browser.newContext()`/`browser.newPage()`, logged a
 * console error, threw an uncaught error, or had something refused by the Content-Security-Policy
 * (each `securitypolicyviolation` event is collected, not only the console's copy of it). A journey
 * that provokes an error on purpose (a 4xx answer the browser logs as a failed load) names it with
 * `test.use({ allowConsoleErrors: [/pattern/] })`, or `allowConsoleError(/pattern/)` in the test.
 */
interface GuardRails {
  /** Console errors this journey expects; anything else fails it. */
  allowConsoleErrors: RegExp[];
  browserProblems: void;
}

/** A 1x1 PNG standing for an avatar headshot. */
const AVATAR_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

/** The prefix of the console line the page writes for a CSP violation event. */
const CSP_VIOLATION = "[csp violation]";

function reportCspViolations(prefix: string) {
  document.addEventListener("securitypolicyviolation", (event) => {
    console.error(
      `${prefix} ${event.effectiveDirective} refused ${event.blockedURI || "an inline resource"} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`,
    );
  });
}

async function watch(context: BrowserContext, problems: string[], allowed: () => RegExp[]): Promise<void> {
  const watchPage = (page: Page) => {
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const text = message.text();
      // The guard's own init scripts, refused in a frame without scripts (the Mail view's preview at its own URL).
      if (/^Blocked script execution in '(about:srcdoc|[^']*\/api\/admin\/mail\/[^/']+\/preview)' because the document's frame is sandboxed/.test(text)) return;
      // A pattern is tried on the text and where it comes from: "... status of 404 (Not Found) (http://.../uploads/x.png)".
      const location = message.location();
      const line = `${text}${location.url ? ` (${location.url})` : ""}`;
      if (allowed().some((pattern) => pattern.test(line))) return;
      problems.push(`console error on ${page.url()}: ${line}`);
    });
    page.on("pageerror", (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
  };
  context.pages().forEach(watchPage);
  context.on("page", watchPage);
  await context.addInitScript(reportCspViolations, CSP_VIOLATION);
  // Roblox's CDN, which the Roblox fixture server's avatar headshots point at: answered here with a
  // picture, since the journeys have no network (the Roblox APIs themselves are the fixture server).
  await context.route("https://tr.rbxcdn.com/**", (route) => route.fulfill({ status: 200, contentType: "image/png", body: AVATAR_PNG }));
}

const guarded = base.extend<GuardRails>({
  allowConsoleErrors: [[], { option: true }],
  browserProblems: [
    async ({ context, browser, allowConsoleErrors }, use) => {
      const problems: string[] = [];
      const allowed = [...allowConsoleErrors];
      await watch(context, problems, () => allowed);
      // Contexts the journey makes itself (a second shopper, an administrator) are watched too.
      const newContext = browser.newContext.bind(browser);
      const patched: Browser["newContext"] = async (options) => {
        const made = await newContext(options);
        await watch(made, problems, () => allowed);
        return made;
      };
      browser.newContext = patched;
      allowedPatterns = allowed;
      try {
        await use();
      } finally {
        browser.newContext = newContext;
        allowedPatterns = null;
      }
      if (problems.length) throw new Error(`The browser reported ${problems.length} problem(s):\n${problems.join("\n")}`);
    },
    { auto: true },
  ],
});

// The running journey's allowed patterns, for allowConsoleError (one worker runs one test at a time).
let allowedPatterns: RegExp[] | null = null;

/** Lets the running journey expect one more console error (e.g. the failed load of a refused call). */
export function allowConsoleError(pattern: RegExp): void {
  if (!allowedPatterns) throw new Error("allowConsoleError is only for a running journey");
  allowedPatterns.push(pattern);
}

/** A visitor's first visit: the guard rails, and no promo already seen (its own tests use it). */
export const firstVisitTest = guarded;

/**
 * The promo dialog opens on every page for a first-time visitor and would cover what other journeys
 * click. This `test` starts each page as a visitor who has already seen it (playwright.config.ts's
 * storageState does too, for contexts a journey makes itself).
 */
export const test = guarded.extend({
  page: async ({ page }, use) => {
    await page.addInitScript(() => {
      // Every frame runs it; a sandboxed or blank frame has no storage to write to.
      try {
        window.localStorage.setItem("hasSeenPromo", "true");
      } catch {
        // not this frame's to remember
      }
    });
    await use(page);
  },
});

export { expect } from "@playwright/test";
