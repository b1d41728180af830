import { allowConsoleError, expect, test } from "./fixtures.ts";

// The second store of playwright.config.ts: https PUBLIC_URL with ALLOW_SANDBOX_PAYMENTS=1 (issue 24).
const base = `http://localhost:${Number(process.env["E2E_PORT"] ?? 4391) + 1}`;
const NOTICE = "Test shop: payments run in the sandbox, no money moves and no order here is a real purchase.";

test.describe("a public shop on sandbox payments, allowed on purpose", () => {
  test("says so on every page, storefront and admin panel alike, and sends HSTS", async ({ request }) => {
    for (const path of ["/", "/shop", "/shop/blox-fruits", "/faq", "/blog", "/contact", "/login", "/cart", "/admin"]) {
      const res = await request.get(`${base}${path}`);
      expect(res.status(), path).toBe(200);
      expect(await res.text(), path).toContain(NOTICE);
      expect(res.headers()["strict-transport-security"], path).toBe("max-age=31536000; includeSubDomains");
    }
  });

  test("the notice is shown to a person, above the page", async ({ page }) => {
    // This store's PUBLIC_URL is https://shop.example, reached here at localhost: its page-view call fails the origin check (403).
    allowConsoleError(/status of 403 .*\/api\/tracking\/page-view/);
    await page.goto(`${base}/`);
    await expect(page.getByRole("note").filter({ hasText: NOTICE })).toBeVisible();
  });
});
