import { axeChecks, violations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { noSidewaysScroll } from "./screen.ts";
import { insertTestGame } from "./test-games.ts";

/**
 * A product named with one long word (an item's code name, a word with no spaces): on its game page
 * the name wraps inside its card instead of running over the wishlist heart, which keeps its size
 * (axe's target-size). The admin's bulk journey names products so, and the shared store showed the
 * overlap on the Blox Fruits page. The game and product are test data written into the shop's database.
 */
const GAME = { id: "e2e-long-names", slug: "long-names", name: "Long Names", displayOrder: 600 };
const NAME = "Superextraordinarilylongdragonfruitcodename Permanent";

test.beforeAll(() =>
  insertTestGame(GAME, (db, at) => {
    db.prepare("insert into categories (id, gameId, name, displayOrder) values (?, ?, 'Fruits', 0)").run(`${GAME.id}-0`, GAME.id);
    db.prepare(
      "insert into products (id, gameId, name, category, description, image, priceCents, originalPriceCents, stock, displayOrder, featured, createdAt) values (?, ?, ?, 'Fruits', '', '/img/game/doors.svg', 1999, null, 5, 0, 0, ?)",
    ).run(`${GAME.id}-0`, GAME.id, NAME, at);
  }),
);

test("a one-word name wraps in its card and leaves the wishlist heart its size @mobile", async ({ page }) => {
  const width = page.viewportSize()!.width;
  await page.goto(`/shop/${GAME.slug}`);
  const card = page.getByRole("main").getByRole("article").filter({ hasText: "Superextraordinarily" });
  const heart = card.getByRole("button", { name: `Add ${NAME} to wishlist` });
  await expect(heart).toBeEnabled();
  const [name, button] = await Promise.all([card.getByRole("heading").boundingBox(), heart.boundingBox()]);
  expect(button!.width).toBeGreaterThanOrEqual(24);
  expect(name!.x + name!.width).toBeLessThanOrEqual(button!.x);
  await noSidewaysScroll(page);
  if (axeChecks(width, "a game page with a one-word name")) expect(await violations(page, "a game page with a one-word name")).toEqual([]);
});
