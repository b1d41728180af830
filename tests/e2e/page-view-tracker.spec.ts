import type { Page, Request } from "@playwright/test";
import { allowConsoleError, expect, test } from "./fixtures.ts";

const isPageView = (r: Request) => r.url().endsWith("/api/tracking/page-view") && r.method() === "POST";

/** Every page view the page posts, in order. */
function recordPageViews(page: Page) {
  const sent: Array<{ page: string; pageTitle: string; referrer: string | null }> = [];
  page.on("request", (r) => {
    if (isPageView(r)) sent.push(r.postDataJSON());
  });
  return sent;
}

test.describe("page-view tracker", () => {
  test("reports the first load and every location change, with title and referrer", async ({ page, baseURL }) => {
    const sent = recordPageViews(page);
    const answered = page.waitForResponse((r) => isPageView(r.request()));
    await page.goto("/shop");
    expect((await answered).status()).toBe(204);
    expect(sent).toEqual([{ page: "/shop", pageTitle: await page.title(), referrer: null }]);

    // A new page loaded by a link: the previous page is the referrer.
    await page
      .getByRole("main")
      .getByRole("link", { name: /Blox Fruits/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/shop\/blox-fruits$/);
    await expect.poll(() => sent.length).toBe(2);
    expect(sent[1]).toEqual({ page: "/shop/blox-fruits", pageTitle: await page.title(), referrer: `${baseURL}/shop` });

    // An island changing the URL with the History API is a location change; the query string is not sent.
    await page.evaluate(() => history.pushState({}, "", "/shop/blox-fruits?sort=name"));
    await expect.poll(() => sent.length).toBe(3);
    expect(sent[2]).toMatchObject({ page: "/shop/blox-fruits", referrer: `${baseURL}/shop/blox-fruits` });

    // Back is a location change too; a change of the hash alone is not.
    await page.evaluate(() => history.back());
    await expect.poll(() => sent.length).toBe(4);
    expect(sent[3]).toMatchObject({ page: "/shop/blox-fruits", referrer: `${baseURL}/shop/blox-fruits?sort=name` });
    await page.evaluate(() => (location.hash = "#reviews"));
    await page.evaluate(() => history.pushState({}, "", "/shop"));
    await expect.poll(() => sent.length).toBe(5);
    expect(sent[4]).toMatchObject({ page: "/shop", referrer: `${baseURL}/shop/blox-fruits#reviews` });
  });

  test("a failing tracker is only logged: the page works as ever", async ({ page }) => {
    // The tracker's 500 made up below, which the browser logs as a failed load.
    allowConsoleError(/status of 500/);
    const warnings: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "warning") warnings.push(m.text());
    });
    await page.route("**/api/tracking/page-view", (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"down"}' }));
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Shop Now" })).toBeVisible();
    await expect.poll(() => warnings.join("\n")).toContain("page-view tracking failed: HTTP 500");
    await expect(page.getByRole("alert")).toHaveCount(0);
  });
});
