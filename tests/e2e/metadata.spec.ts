import { expect, test } from "./fixtures.ts";

// Issue 24: honest, complete metadata on the built server.
test.describe("page metadata", () => {
  test("the home page's Organization JSON-LD claims no rating, and the page's og:image is a real PNG", async ({ page, request }) => {
    await page.goto("/");
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const organization = jsonLd.map((text) => JSON.parse(text)).find((data) => data["@type"] === "Organization");
    expect(organization).toBeTruthy();
    expect(organization.aggregateRating).toBeUndefined();
    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(image).toMatch(/\.png$/);
    const png = await request.get(new URL(image!).pathname);
    expect(png.status()).toBe(200);
    expect(png.headers()["content-type"]).toBe("image/png");
    expect([...(await png.body()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  test("a game and a product page each have their own PNG og:image", async ({ page, request }) => {
    const images: string[] = [];
    const products: { id: string }[] = await (await request.get("/api/products")).json();
    for (const path of ["/shop/blox-fruits", `/product/${products[0]!.id}`]) {
      await page.goto(path);
      const image = (await page.locator('meta[property="og:image"]').getAttribute("content"))!;
      expect(image).toMatch(/\/og\/.+\.png$/);
      const answer = await request.get(new URL(image).pathname);
      expect(answer.status()).toBe(200);
      expect([...(await answer.body()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
      images.push(image);
    }
    expect(new Set(images).size).toBe(2);
  });

  test("favicon.ico, apple-touch-icon and the web manifest answer 200 and pages link them", async ({ page, request }) => {
    for (const [path, type] of [
      ["/favicon.ico", "image/x-icon"],
      ["/apple-touch-icon.png", "image/png"],
      ["/manifest.webmanifest", "application/manifest+json"],
    ] as const) {
      const answer = await request.get(path);
      expect(answer.status(), path).toBe(200);
      expect(answer.headers()["content-type"]).toBe(type);
    }
    await page.goto("/faq");
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/apple-touch-icon.png");
  });

  test("the support email comes from configuration, never the placeholder", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByText(/^support@localhost$/)).toBeVisible();
    await expect(page.locator("body")).not.toContainText("bloxbazaar.example");
  });
});
