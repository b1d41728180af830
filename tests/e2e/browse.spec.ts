import { expect, test } from "./fixtures.ts";

test.describe("browsing the catalogue", () => {
  test("home to game page to product page", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/Robux and Roblox items/);
    await expect(page.getByRole("link", { name: "Shop Now" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Featured items" })).toBeVisible();

    await page.getByRole("region", { name: "Shop by game" }).getByRole("link", { name: "Blox Fruits" }).click();
    await expect(page).toHaveURL(/\/shop\/blox-fruits$/);
    await expect(page.getByRole("heading", { level: 1, name: "Blox Fruits" })).toBeVisible();
    await expect(page).toHaveTitle("Buy Blox Fruits items | BloxBazaar");
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(canonical).toMatch(/\/shop\/blox-fruits$/);

    const firstProduct = page.getByRole("main").getByRole("article").first().getByRole("heading").getByRole("link");
    const name = (await firstProduct.textContent())!.trim();
    await firstProduct.click();
    await expect(page).toHaveURL(/\/product\//);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByRole("region", { name }).getByText(/^(In Stock|Low Stock|Out of Stock)$/)).toBeVisible();
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", new RegExp(name.replace(/[()]/g, ".")));
  });

  test("an out-of-stock product cannot be added to the cart", async ({ page, request }) => {
    const products: { id: string; stock: number }[] = await (await request.get("/api/products")).json();
    const soldOut = products.find((p) => p.stock === 0)!;
    await page.goto(`/product/${soldOut.id}`);
    await expect(page.getByText("Out of Stock", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Out of Stock" })).toBeDisabled();
  });

  test("category chips, filter and sort work and stay in the URL", async ({ page }) => {
    await page.goto("/shop/blox-fruits");
    await page.getByRole("button", { name: /Sort/ }).or(page.locator("summary", { hasText: "Sort" })).click();
    await page.getByRole("link", { name: "Price: low to high" }).click();
    await expect(page).toHaveURL(/sort=price-asc/);
    // Products stay grouped by category; within each group prices go up.
    const groups = page.getByRole("main").getByRole("region");
    expect(await groups.count()).toBeGreaterThan(1);
    for (const group of await groups.all()) {
      const prices = (await group.getByRole("article").locator("p > span.text-lg").allTextContents()).map((t) => Number(t.replace("$", "")));
      expect(prices.length).toBeGreaterThan(0);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    }

    await page.locator("summary", { hasText: "Filter" }).click();
    await page.getByLabel("In stock only").check();
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/instock=1/);
    await expect(page).toHaveURL(/sort=price-asc/);
    await expect(page.getByRole("main").getByText("Out of Stock", { exact: true })).toHaveCount(0);

    const chips = page.getByRole("navigation", { name: "Categories" }).getByRole("link");
    const category = (await chips.nth(1).textContent())!.trim();
    await chips.nth(1).click();
    await expect(page).toHaveURL(new RegExp(`category=${encodeURIComponent(category).replace(/%20/g, "\\+|%20")}`));
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([category]);
  });

  test("the header search shows up to 8 results and No items found", async ({ page }) => {
    await page.goto("/");
    const search = page.getByRole("combobox", { name: "Search items" }).first();
    await search.fill("a");
    const options = page.getByRole("listbox", { name: "Search results" }).getByRole("option");
    await expect(options.first()).toBeVisible();
    expect(await options.count()).toBeLessThanOrEqual(8);

    await search.fill("dragon");
    await expect(options.first()).toContainText(/dragon/i);
    await search.press("ArrowDown");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/product\//);

    const again = page.getByRole("combobox", { name: "Search items" }).first();
    await again.fill("zzzz no such item");
    await expect(page.getByRole("listbox", { name: "Search results" })).toContainText("No items found");
  });

  test("an unknown path shows the 404 page", async ({ page }) => {
    const response = await page.goto("/this-page-does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByText(/forget to add the page to the router/)).toBeVisible();
    const missingGame = await page.goto("/shop/no-such-game");
    expect(missingGame?.status()).toBe(404);
  });

  test("the mobile menu lists every game @mobile", async ({ page, isMobile }) => {
    test.skip(!isMobile, "mobile layout only");
    await page.goto("/");
    await page.getByLabel("Menu").click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu.getByRole("link", { name: "Blade Ball" })).toBeVisible();
    await menu.getByRole("link", { name: "Doors" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Doors" })).toBeVisible();
  });
});
