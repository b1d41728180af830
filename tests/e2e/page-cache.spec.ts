import { expect, test } from "./fixtures.ts";
import type { APIRequestContext, Browser } from "@playwright/test";

// Issue 22: catalogue and content pages are the same HTML for every visitor and come from the page
// cache for signed-in shoppers too; the header's name and cart count are filled in on the client.
const PASSWORD = "correct horse battery";
const PAGE = "/shop/blox-fruits";

async function shopperWithCart(browser: Browser, tag: string, units: number) {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    // Every frame runs it; about:blank has no storage to write to.
    try {
      window.localStorage.setItem("hasSeenPromo", "true");
    } catch {
      // not this frame's to remember
    }
  });
  const email = `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@shop.test`;
  const api: APIRequestContext = context.request;
  expect((await api.post("/api/auth/register", { data: { birthDate: "1990-01-01", acceptTerms: true, email, password: PASSWORD } })).status()).toBeLessThan(
    300,
  );
  expect((await api.post("/api/auth/login-user", { data: { email, password: PASSWORD } })).status()).toBe(200);
  const game = await (await api.get("/api/games/blox-fruits")).json();
  const products = (await (await api.get(`/api/products?gameId=${encodeURIComponent(game.id)}`)).json()) as { id: string; stock: number }[];
  const product = products.find((p) => p.stock >= units)!;
  expect((await api.post("/api/cart", { data: { productId: product.id, quantity: units } })).status()).toBeLessThan(300);
  // The header greets by the address before the @ when no first name was given (issue 19).
  return { context, email, name: email.split("@")[0]!, api };
}

test("two signed-in shoppers get the same cached page, each with their own name and cart count", async ({ browser }) => {
  const ann = await shopperWithCart(browser, "ann", 2);
  const bob = await shopperWithCart(browser, "bob", 3);

  // The page's HTML is the same for both, names no one, and the second asker gets the kept copy.
  const first = await ann.api.get(PAGE);
  const second = await bob.api.get(PAGE);
  const html = await second.text();
  expect(second.headers()["x-cache"]).toBe("hit");
  expect(await first.text()).toBe(html);
  expect(html).not.toContain(ann.name);
  expect(html).not.toContain(bob.name);

  for (const [shopper, units, other] of [
    [ann, 2, bob],
    [bob, 3, ann],
  ] as const) {
    const page = await shopper.context.newPage();
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto(PAGE);
    await expect(page.getByTestId("header-user")).toHaveText(shopper.name);
    await expect(page.getByRole("link", { name: `Cart ${units} items` })).toBeVisible();
    await expect(page.getByText(other.name)).toHaveCount(0);
    await expect(page.getByTestId("header-account").getByRole("link", { name: "Login" })).toBeHidden();
  }
  await ann.context.close();
  await bob.context.close();
});

test("/cart and /dashboard are one kept shell for every shopper, each filled in with their own cart and account; a guest's dashboard is the login prompt", async ({
  browser,
}) => {
  const ann = await shopperWithCart(browser, "cart-ann", 2);
  const bob = await shopperWithCart(browser, "cart-bob", 3);
  for (const path of ["/cart", "/dashboard"]) {
    const first = await ann.api.get(path);
    const second = await bob.api.get(path);
    const html = await second.text();
    expect(second.headers()["x-cache"], path).toBe("hit");
    expect(second.headers()["cache-control"], path).toBe("private, no-store");
    expect(await first.text(), path).toBe(html);
    expect(html).not.toContain(ann.name);
    expect(html).not.toContain(bob.name);
  }
  for (const [shopper, units] of [
    [ann, 2],
    [bob, 3],
  ] as const) {
    const page = await shopper.context.newPage();
    await page.goto("/cart");
    await expect(page.getByTestId("quantity")).toHaveText(String(units));
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: `Hi, ${shopper.name}` })).toBeVisible();
    await expect(page.getByText("No orders yet.")).toBeVisible();
  }
  // The shell is never a signed-out visitor's answer, and their prompt never a shopper's.
  const guest = await browser.newContext();
  const prompt = await guest.request.get("/dashboard");
  expect(prompt.headers()["x-cache"]).toBeUndefined();
  expect(await prompt.text()).toContain("Login required");
  expect(await (await ann.api.get("/dashboard")).text()).not.toContain("Login required");
  await guest.close();
  await ann.context.close();
  await bob.context.close();
});

test("a guest sees Login where a shopper's name was, on the same cached page", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto(PAGE);
  await expect(page.getByTestId("header-account").getByRole("link", { name: "Login" })).toBeVisible();
  await expect(page.getByTestId("header-user")).toBeHidden();
});

test("the header's account slot shows the shopper from the first paint: nothing in the header moves", async ({ browser }) => {
  const shopper = await shopperWithCart(browser, "cls", 1);
  await shopper.api.post("/api/auth/logout");
  const page = await shopper.context.newPage();
  await page.setViewportSize({ width: 1366, height: 800 });
  // Layout shifts whose moved nodes are in the header, as the browser reports them.
  await page.addInitScript(() => {
    const w = window as unknown as { headerShifts: number; headerShiftSources: string[] };
    w.headerShifts = 0;
    w.headerShiftSources = [];
    type Source = { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    const describe = (source: Source) => {
      const element = source.node as Element;
      const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
      return `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}"> ${rect(source.previousRect)} -> ${rect(source.currentRect)}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: Source[] })[]) {
        const inHeader = entry.sources?.filter((source) => source.node instanceof Element && source.node.closest("header")) ?? [];
        if (inHeader.length === 0) continue;
        w.headerShifts += entry.value;
        w.headerShiftSources.push(...inHeader.map(describe));
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  // What moved, named in the failure: the shift alone does not say which element it was.
  const headerShifts = () =>
    page.evaluate(() => {
      const { headerShifts: shifts, headerShiftSources: sources } = window as unknown as { headerShifts: number; headerShiftSources: string[] };
      return { headerShifts: shifts, headerShiftSources: sources };
    });
  await page.goto("/login?redirect=%2Ffaq");
  await page.getByLabel("Email").fill(shopper.email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByTestId("header-user")).toHaveText(shopper.name);
  await page.waitForLoadState("networkidle");
  expect(await headerShifts()).toEqual({ headerShifts: 0, headerShiftSources: [] });

  await page.goto("/blog");
  await expect(page.getByTestId("header-user")).toHaveText(shopper.name);
  await page.waitForLoadState("networkidle");
  expect(await headerShifts()).toEqual({ headerShifts: 0, headerShiftSources: [] });

  // Logging out: the next page greets nobody, from its first paint.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("header-account").getByRole("link", { name: "Login" })).toBeVisible();
  await expect(page.getByTestId("header-user")).toBeHidden();
  await shopper.context.close();
});

test("on a phone the menu names the signed-in shopper and offers Logout", async ({ browser }) => {
  const shopper = await shopperWithCart(browser, "menu", 1);
  const page = await shopper.context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/shop");
  await page.getByLabel("Menu").click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await expect(menu.getByText(shopper.name)).toBeVisible();
  await expect(menu.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Login" })).toBeHidden();
  await shopper.context.close();
});

test("a rendered page's Content-Length is its length in bytes, multi-byte characters included", async ({ request }) => {
  // /login is rendered for every request; the game page's first request renders it into the cache.
  for (const path of ["/login", `${PAGE}?length-check=1`]) {
    const response = await request.get(path, { headers: { "accept-encoding": "identity" } });
    expect(response.status()).toBe(200);
    const body = await response.body();
    // The check means something only if the page has characters of more than one byte.
    expect(body.byteLength).toBeGreaterThan((await response.text()).length);
    expect(Number(response.headers()["content-length"])).toBe(body.byteLength);
  }
});
