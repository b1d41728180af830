import Database from "better-sqlite3";
import { join } from "node:path";
import { allowConsoleError, expect, test } from "./fixtures.ts";
import type { Page } from "@playwright/test";
import { noSidewaysScroll } from "./screen.ts";
import { insertTestGame } from "./test-games.ts";

/**
 * A game with more products than one page (issue 33): the game page shows 60 cards a page, filtered
 * and sorted by the server, with crawlable ?page= links (rel=prev/next) a keyboard can follow. Every
 * product is reachable, and a filter and a sort hold across pages. 130 products are test data
 * written straight into the shop's database (the catalogue's triggers bump its version, so the page
 * cache sees them at once).
 */

const GAME = { id: "e2e-paging-game", slug: "paging-quest", name: "Paging Quest", displayOrder: 500 };
const COUNT = 130;
const CATEGORIES = ["Swords", "Shields"];

test.beforeAll(() =>
  insertTestGame(GAME, (db, at) => {
    CATEGORIES.forEach((name, i) =>
      db.prepare("insert into categories (id, gameId, name, displayOrder) values (?, ?, ?, ?)").run(`${GAME.id}-${i}`, GAME.id, name, i),
    );
    const product = db.prepare(
      "insert into products (id, gameId, name, category, description, image, priceCents, originalPriceCents, stock, displayOrder, featured, createdAt) values (?, ?, ?, ?, '', '/img/game/doors.svg', ?, null, ?, ?, 0, ?)",
    );
    for (let i = 0; i < COUNT; i++) {
      // Prices out of displayOrder, every fifth product out of stock.
      product.run(
        `${GAME.id}-${i}`,
        GAME.id,
        `Quest Item ${String(i).padStart(3, "0")}`,
        CATEGORIES[i % 2],
        100 + ((i * 37) % 50) * 10,
        i % 5 === 0 ? 0 : 10,
        i,
        at,
      );
    }
  }),
);

const cards = (page: Page) => page.getByRole("main").getByRole("article");

/**
 * The names and prices on the page, category by category as the headings group them ("" for the
 * one ungrouped list a price sort shows), read in one pass in the page.
 */
async function readPage(page: Page) {
  return page
    .getByRole("main")
    .locator("section")
    .evaluateAll((regions) =>
      regions.flatMap((region) => {
        const category = region.querySelector("h2")?.textContent?.trim() ?? "";
        return [...region.querySelectorAll("article")].map((card) => ({
          category,
          name: card.querySelector("h3")!.textContent.trim(),
          price: Number(card.querySelector("p > span.text-lg")!.textContent.replace("$", "")),
          out: [...card.querySelectorAll("span")].some((span) => span.textContent?.trim() === "Out of Stock"),
        }));
      }),
    );
}

/** Reads this page and every next one by following "Next page" with the keyboard. */
async function readAllPages(page: Page) {
  const rows = await readPage(page);
  for (;;) {
    const next = page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next page" });
    if ((await next.count()) === 0) break;
    const before = page.url();
    await next.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.href !== before);
    await expect(cards(page).first()).toBeVisible();
    rows.push(...(await readPage(page)));
  }
  return rows;
}

test.describe("a game with more products than one page", () => {
  test("every product is reachable through the page links, which crawlers see too @mobile", async ({ page }) => {
    await page.goto(`/shop/${GAME.slug}`);
    await expect(cards(page)).toHaveCount(60);
    await expect(page.getByTestId("page-status")).toHaveText("Items 1 to 60 of 130, page 1 of 3");
    await expect(page.locator('head link[rel="next"]')).toHaveAttribute("href", "?page=2");
    await expect(page.locator('head link[rel="prev"]')).toHaveCount(0);
    await noSidewaysScroll(page);

    const rows = await readAllPages(page);
    expect(page.url()).toMatch(/\?page=3$/);
    await expect(page.getByTestId("page-status")).toHaveText("Items 121 to 130 of 130, page 3 of 3");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/shop\/paging-quest\?page=3$/);
    await expect(page.locator('head link[rel="prev"]')).toHaveAttribute("href", "?page=2");
    await noSidewaysScroll(page);
    const names = rows.map((r) => r.name);
    expect(new Set(names).size).toBe(COUNT);
    expect(names.sort()).toEqual(Array.from({ length: COUNT }, (_, i) => `Quest Item ${String(i).padStart(3, "0")}`));
    // Categories in the game's order, never back to an earlier one on a later page.
    const firstShield = rows.findIndex((r) => r.category === "Shields");
    expect(rows.slice(0, firstShield).every((r) => r.category === "Swords")).toBe(true);
    expect(rows.slice(firstShield).every((r) => r.category === "Shields")).toBe(true);

    // Back through the previous-page link.
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Previous page" }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(page.getByTestId("page-status")).toHaveText("Items 61 to 120 of 130, page 2 of 3");
  });

  test("a filter and a sort hold across pages, and a new choice starts again at page 1 @mobile", async ({ page }) => {
    await page.goto(`/shop/${GAME.slug}?page=2`);
    await page.locator("summary", { hasText: "Sort" }).click();
    await page.getByRole("link", { name: "Price: low to high" }).click();
    await expect(page).toHaveURL(new RegExp(`/shop/${GAME.slug}\\?sort=price-asc$`));
    await page.locator("summary", { hasText: "Filter" }).click();
    await page.getByLabel("In stock only").check();
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/instock=1/);
    await expect(page).toHaveURL(/sort=price-asc/);
    // 104 in stock of 130: two pages.
    await expect(page.getByTestId("page-status")).toHaveText("Items 1 to 60 of 104, page 1 of 2");

    const rows = await readAllPages(page);
    expect(page.url()).toMatch(/page=2/);
    expect(page.url()).toMatch(/instock=1/);
    expect(page.url()).toMatch(/sort=price-asc/);
    expect(rows).toHaveLength(104);
    expect(rows.some((r) => r.out)).toBe(false);
    // The whole list, across its pages, in one ungrouped list (issue 47: it was sorted inside each category).
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set([""]));
    expect(rows.map((r) => r.price)).toEqual(rows.map((r) => r.price).sort((a, b) => a - b));
    await noSidewaysScroll(page);
  });

  test("each page of a list is its own entry of the page cache, and a catalogue change renders it anew", async ({ request }) => {
    const path = `/shop/${GAME.slug}?sort=name&page=2`;
    await request.get(path);
    const again = await request.get(path);
    expect(again.headers()["x-cache"]).toBe("hit");
    expect(await again.text()).toContain("page 2 of 3");
    const db = new Database(join(process.env["E2E_DATA_DIR"]!, "shop.db"));
    try {
      db.prepare("update products set name = ? where id = ?").run("Quest Item 065 Renamed", `${GAME.id}-65`);
    } finally {
      db.close();
    }
    const changed = await request.get(path);
    expect(changed.headers()["x-cache"]).toBe("miss");
    expect(await changed.text()).toContain("Quest Item 065 Renamed");
    const db2 = new Database(join(process.env["E2E_DATA_DIR"]!, "shop.db"));
    try {
      db2.prepare("update products set name = ? where id = ?").run("Quest Item 065", `${GAME.id}-65`);
    } finally {
      db2.close();
    }
  });

  test("a page past the last is not found", async ({ page }) => {
    // The 404 is the point: the browser logs it as a failed load, which the guard would count.
    allowConsoleError(/status of 404/);
    const response = await page.goto(`/shop/${GAME.slug}?page=9`);
    expect(response?.status()).toBe(404);
  });
});
