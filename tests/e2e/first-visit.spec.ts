import type { Locator, Page } from "@playwright/test";
import { expect, firstVisitTest, test } from "./fixtures.ts";

/**
 * Issue 35: a first visit shows one overlay at a time (the consent banner, then the promo on a later
 * page), the banner never covers what has focus, dialogs hold the page still and give focus back
 * where it was, busy buttons keep it, and the non-modal chat lets Tab leave.
 */
const PHONE = { width: 390, height: 844 };
const ADMIN = { email: "admin@shop.test", password: "admin-password-1" };

/** True when nothing else is drawn over the middle of the element (the banner, a dock, a dialog). */
async function uncovered(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (el === hit || el.contains(hit));
  });
}

/** The part of the focused element the consent banner covers, 0 to 1 (0 when the banner is hidden). */
function focusedUnderBanner(page: Page): Promise<{ what: string; covered: number }> {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    const banner = document.getElementById("consent-banner");
    if (!focused || !banner || banner.hidden || banner.contains(focused)) return { what: "", covered: 0 };
    const f = focused.getBoundingClientRect();
    const b = banner.getBoundingClientRect();
    const overlapX = Math.max(0, Math.min(f.right, b.right) - Math.max(f.left, b.left));
    const overlapY = Math.max(0, Math.min(f.bottom, b.bottom) - Math.max(f.top, b.top));
    const area = f.width * f.height;
    return { what: `${focused.tagName} ${focused.textContent?.trim().slice(0, 40) ?? ""}`, covered: area > 0 ? (overlapX * overlapY) / area : 0 };
  });
}

firstVisitTest.describe("a first visit at 390 px", () => {
  firstVisitTest.use({ viewport: PHONE, storageState: { cookies: [], origins: [] } });

  firstVisitTest("shows the consent banner alone, over a shop that shows, and the banner never covers what has focus", async ({ page, context }) => {
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Analytics cookies" });
    await expect(banner).toBeVisible();
    // Past the promo's 2 s: still the banner alone, no dialog.
    await page.waitForTimeout(3000);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(banner).toBeVisible();
    // The shop shows: the hero's way into the shop is on screen and nothing covers it.
    const shopLink = page.getByRole("main").getByRole("link", { name: "Shop Now" }).first();
    await expect(shopLink).toBeInViewport();
    expect(await uncovered(shopLink)).toBe(true);

    // Every control the keyboard reaches, in order, down to the footer: none is under the banner.
    const covered: string[] = [];
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press("Tab");
      const { what, covered: part } = await focusedUnderBanner(page);
      if (part > 0) covered.push(`${what}: ${Math.round(part * 100)}%`);
    }
    expect(covered).toEqual([]);

    // Declining answers it for good; the next page brings the promo (the first was a busy one).
    await banner.getByRole("button", { name: "Decline" }).click();
    await expect(banner).toBeHidden();
    expect((await context.cookies()).find((c) => c.name === "shop_analytics")?.value).toBe("denied");
    await page.goto("/about");
    const promo = page.getByRole("dialog", { name: "Get 20% off your first order" });
    await expect(promo).toBeVisible({ timeout: 8000 });
    await expect(banner).toBeHidden();
    // Escape: the promo is gone and focus is in the page's content, not lost at the end of <body>.
    await page.keyboard.press("Escape");
    await expect(promo).toBeHidden();
    await expect(page.locator("main")).toBeFocused();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.querySelector("main")!.contains(document.activeElement))).toBe(true);
  });
});

firstVisitTest.describe("the promo after the consent answer", () => {
  firstVisitTest.use({
    storageState: {
      cookies: [{ name: "shop_analytics", value: "granted", domain: "localhost", path: "/", expires: -1, httpOnly: false, secure: false, sameSite: "Lax" }],
      origins: [],
    },
  });

  firstVisitTest("never takes the focus from a visitor who is already using the page", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
    await page.waitForTimeout(3500);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(focused);
    // Unseen, not dismissed: it comes on a later page where the visitor has not started yet.
    expect(await page.evaluate(() => localStorage.getItem("hasSeenPromo"))).toBeNull();
  });
});

test.describe("dialogs hold the page and give focus back", () => {
  for (const viewport of [PHONE, { width: 1366, height: 900 }]) {
    test(`PageDown and End behind an open dialog leave the page where it is (${viewport.width} px)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/");
      await page.evaluate(() => window.scrollTo(0, 300));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
      await page.getByRole("button", { name: "Help: frequently asked questions" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      expect(await page.evaluate(() => getComputedStyle(document.body).overflowY)).toBe("hidden");
      await page.keyboard.press("PageDown");
      await page.keyboard.press("End");
      await page.mouse.wheel(0, 800);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => window.scrollY)).toBe(300);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();
      // Unlocked again, and the button that opened it has the focus back.
      expect(await page.evaluate(() => getComputedStyle(document.body).overflowY)).not.toBe("hidden");
      await expect(page.getByRole("button", { name: "Help: frequently asked questions" })).toBeFocused();
    });
  }

  test("Add to Cart keeps the focus while it is busy and after", async ({ page }) => {
    const products = (await (await page.request.get("/api/products")).json()) as { id: string; stock: number }[];
    await page.goto(`/product/${products.find((p) => p.stock > 5)!.id}`);
    const add = page.getByRole("button", { name: "Add to Cart" });
    await expect(add).toBeEnabled();
    await add.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: /cart/i }).first()).toBeVisible();
    await expect(add).toBeFocused();
    // Busy is aria-disabled, never the disabled attribute that drops focus.
    expect(await add.getAttribute("disabled")).toBeNull();
  });

  test("the non-modal support chat lets Tab leave it, on to the next control after its launcher", async ({ page }) => {
    await page.goto("/");
    const launcher = page.getByRole("button", { name: /^Live chat/ });
    await expect(launcher).toBeEnabled();
    await launcher.focus();
    await page.keyboard.press("Enter");
    const chat = page.getByRole("dialog", { name: "Live Support" });
    await expect(chat.getByRole("button", { name: "Start New Conversation" })).toBeVisible();
    let left = false;
    for (let i = 0; i < 6 && !left; i++) {
      await page.keyboard.press("Tab");
      left = !(await chat.evaluate((el) => el.contains(document.activeElement)));
    }
    expect(left).toBe(true);
    await expect(page.getByRole("button", { name: "Help: frequently asked questions" })).toBeFocused();
    await expect(chat).toBeVisible();
    // And Shift+Tab from its first control goes back to the launcher.
    await chat.getByRole("button", { name: "Close chat" }).focus();
    await page.keyboard.press("Shift+Tab");
    await expect(launcher).toBeFocused();
  });

  test("the admin's delete confirmation gives the focus back to its Delete button", async ({ page }) => {
    expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
    await page.goto("/admin?tab=games");
    const remove = page.getByRole("button", { name: /^Delete / }).first();
    await remove.click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(remove).toBeFocused();
    await remove.click();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(remove).toBeFocused();
  });
});

test.describe("ids and names", () => {
  test("every island's ids are its own: no id twice on a page, and each search label names a box that exists", async ({ page }) => {
    for (const viewport of [PHONE, { width: 1366, height: 900 }]) {
      await page.setViewportSize(viewport);
      await page.goto("/");
      await expect(page.getByRole("button", { name: /^Live chat/ })).toBeEnabled();
      const duplicates = await page.evaluate(() => {
        const seen = new Map<string, number>();
        for (const el of document.querySelectorAll("[id]")) seen.set(el.id, (seen.get(el.id) ?? 0) + 1);
        return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
      });
      expect(duplicates).toEqual([]);
      // The header's box and the phone menu's: two islands, each label bound to its own box.
      const labelled = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLInputElement>('input[role="combobox"]')].map((box) =>
          document.querySelector(`label[for="${box.id}"]`)?.textContent?.trim(),
        ),
      );
      expect(labelled).toEqual(["Search items", "Search items"]);
      if (viewport.width < 640) await page.getByLabel("Menu").click();
      const visible = page.getByRole("combobox", { name: "Search items" });
      await expect(visible).toHaveCount(1);
      await visible.fill("dragon");
      await expect(page.locator(`#${await visible.getAttribute("aria-controls")}`)).toBeVisible();
    }
  });

  test("the dock's chat button and the cart link are named by what they show", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const products = (await (await page.request.get("/api/products")).json()) as { id: string; stock: number }[];
    expect((await page.request.post("/api/cart", { data: { productId: products.find((p) => p.stock > 5)!.id, quantity: 2 } })).status()).toBeLessThan(300);
    await page.goto("/about");
    const cart = page.getByRole("link", { name: "Cart 2 items", exact: true });
    await expect(cart).toBeVisible();
    await expect(cart.locator("[data-cart-count]")).toHaveText("2");
    await page.setViewportSize(PHONE);
    const chat = page.getByRole("button", { name: "Live chat", exact: true });
    await expect(chat).toBeVisible();
    await expect(chat.locator(".dock-label")).toHaveText("Live chat");
  });
});
