import Database from "better-sqlite3";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { allowConsoleError, expect, test } from "./fixtures.ts";
import { ADMIN_TABS } from "#src/lib/admin-tabs.ts";
import { axeChecks, violations } from "./axe.ts";

/**
 * Every shopper page and every admin tab, with realistic long data (issue 23): a 40-character email,
 * 60-character product names, 100 products in one game and 300 orders, on a 390 px phone and a
 * 1366 px desktop. A page fails when the document is wider than the viewport, when one of the two
 * floating buttons (chat, help) lies over a price, a stock badge or a primary button, or when a stock
 * badge is cut off. The shopper walk is also accessibility.spec.ts's axe walk of the signed-in
 * shopper's pages: each page is loaded once per width for both checks.
 */

const ADMIN = { email: "admin@shop.test", password: "admin-password-1" };
const PASSWORD = "correct horse battery";
// 40 characters exactly: long enough to push a row sideways when it does not wrap.
const LONG_EMAIL = "maximilian.longname-shopper01@example.io";
const GAME = { name: "Layout Realm Adventures", slug: "layout-realm-adventures" };
const longName = (i: number) => `Legendary Rainbow Phoenix Dragon Wings Bundle Edition No.${String(i).padStart(3, "0")}`.slice(0, 60);

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

let gameId = "";
let productId = "";

/** Writes rows the panel lists, straight into the shop's database: 300 orders are data here, not a journey. */
function insertOrders(userId: string, email: string, product: { id: string; name: string }) {
  const db = new Database(join(process.env["E2E_DATA_DIR"]!, "shop.db"));
  try {
    const order = db.prepare(
      `insert into orders (id, userId, status, robloxUsername, email, subtotalCents, discountCodeId, discountCode, discountCents, totalCents, paymentProvider, paymentId, captureId, checkoutId, stockReturned, createdAt, updatedAt)
       values (?, ?, ?, ?, ?, ?, null, null, 0, ?, 'sandbox', ?, ?, ?, 0, ?, ?)`,
    );
    const item = db.prepare(`insert into order_items (id, orderId, productId, productName, gameId, unitPriceCents, quantity) values (?, ?, ?, ?, ?, ?, ?)`);
    const statuses = ["pending", "processing", "completed", "cancelled"];
    // The other long lists of the panel: 18 review submissions from 40-character addresses, support
    // conversations with long messages, item requests.
    const user = db.prepare(
      `insert into user (id, name, email, emailVerified, image, createdAt, updatedAt, firstName, isAdmin, robloxUsername, storeCredit, points) values (?, ?, ?, 0, null, ?, ?, null, 0, ?, 0, 0)`,
    );
    const submission = db.prepare(
      `insert into submissions (id, userId, status, file, createdAt, adminNotes, decidedAt, decidedBy) values (?, ?, ?, ?, ?, null, null, null)`,
    );
    const conversation = db.prepare(
      `insert into support_conversations (id, visitorId, userId, orderId, email, status, lastMessageSeq, createdAt, updatedAt) values (?, ?, null, null, ?, ?, 1, ?, ?)`,
    );
    const message = db.prepare(`insert into support_messages (id, conversationId, seq, sender, message, createdAt) values (?, ?, 1, 'user', ?, ?)`);
    const request = db.prepare(
      `insert into item_requests (id, gameId, itemName, email, description, createdAt, clientKey) values (?, ?, ?, ?, ?, ?, 'layout')`,
    );
    db.transaction(() => {
      for (let i = 0; i < 18; i++) {
        const id = randomUUID();
        const at = new Date(Date.UTC(2025, 0, 2, 0, i)).toISOString();
        const mail = `reviewer.with-a-long-name${String(i).padStart(2, "0")}@example-mail.io`;
        user.run(id, mail, mail, at, at, `Reviewer_With_A_Long_Roblox_Name_${i}`);
        submission.run(randomUUID(), id, i % 3 ? "pending" : "approved", `layout-${i}.png`, at);
        const c = randomUUID();
        conversation.run(c, `visitor-${c}`, mail, i % 2 ? "closed" : "open", at, at);
        message.run(randomUUID(), c, `Hello, I bought the ${longName(i)} an hour ago and it has not arrived in my Roblox inventory yet, can you check?`, at);
        request.run(randomUUID(), gameId, longName(i), mail, "Please stock this item, my whole server is looking for it and nobody sells it.", at);
      }
    })();
    db.transaction(() => {
      for (let i = 0; i < 300; i++) {
        const id = randomUUID();
        // Days ago, so that the journeys' own fresh orders stay on the panel's first page.
        const at = new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString();
        order.run(id, userId, statuses[i % 4], `Very_Long_Roblox_Username_${i}`, email, 1299 * 3, 1299 * 3, `PAY-${id}`, `CAP-${id}`, randomUUID(), at, at);
        item.run(randomUUID(), id, product.id, product.name, gameId, 1299, 3);
      }
    })();
  } finally {
    db.close();
  }
}

async function adminLogin(request: APIRequestContext) {
  expect((await request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
}

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const request = context.request;
  await adminLogin(request);
  const games = (await (await request.get("/api/games")).json()) as { id: string; slug: string }[];
  const existing = games.find((g) => g.slug === GAME.slug);
  if (existing) {
    gameId = existing.id;
  } else {
    const created = await request.post("/api/admin/games", {
      data: { ...GAME, description: "A game with a hundred items whose names are as long as a shop allows.", thumbnail: `/img/game/${GAME.slug}.svg` },
    });
    expect(created.status()).toBe(201);
    gameId = ((await created.json()) as { id: string }).id;
    for (let i = 0; i < 100; i++) {
      const response = await request.post("/api/admin/products", {
        data: {
          name: longName(i),
          gameId,
          category: i % 2 ? "Wings" : "Bundles",
          price: "12.99",
          originalPrice: i % 3 === 0 ? "25.99" : null,
          image: `/img/item/${longName(i)
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, "-")
            .replace(/-$/, "")}.svg`,
          description: "A very long product for checking that the pages keep their shape.",
          stock: [0, 3, 50][i % 3]!,
          featured: 0,
        },
      });
      expect(response.status()).toBe(201);
    }
  }
  // The game's own list: GET /api/products without gameId answers the catalogue's first 100 (issue 33).
  const ours = (await (await request.get("/api/products", { params: { gameId } })).json()) as { id: string; name: string; gameId: string; stock: number }[];
  productId = ours.find((p) => p.stock > 5)!.id;

  const shopper = await browser.newContext();
  const registered = await shopper.request.post("/api/auth/register", {
    data: { birthDate: "1990-01-01", acceptTerms: true, email: LONG_EMAIL, password: PASSWORD },
  });
  expect([201, 409]).toContain(registered.status());
  const db = new Database(join(process.env["E2E_DATA_DIR"]!, "shop.db"), { readonly: true });
  const user = db.prepare(`select id from user where email = ?`).get(LONG_EMAIL) as { id: string };
  const orderCount = (db.prepare(`select count(*) as n from orders where email = ?`).get(LONG_EMAIL) as { n: number }).n;
  db.close();
  if (orderCount === 0)
    insertOrders(
      user.id,
      LONG_EMAIL,
      ours.find((p) => p.id === productId)!,
    );
  await shopper.close();
  await context.close();
});

interface Problem {
  what: string;
  where: string;
}

/**
 * What a shopper or an owner would see wrong on the page as it is now: sideways scroll, a price,
 * badge or primary button under a floating button (checked with elementFromPoint), a cut badge.
 */
async function layoutProblems(page: Page): Promise<Problem[]> {
  return page.evaluate(() => {
    const problems: { what: string; where: string }[] = [];
    const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${(el.textContent ?? "").trim().slice(0, 40)}"`;
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth) {
      const wide = [...document.querySelectorAll("body *")].filter(
        (el) => el.getBoundingClientRect().right > window.innerWidth + 1 && el.getClientRects().length > 0,
      );
      const outermost = wide.filter((el) => !wide.includes(el.parentElement!)).slice(0, 3);
      problems.push({ what: `document is ${doc.scrollWidth}px wide on a ${window.innerWidth}px screen`, where: outermost.map(describe).join("; ") });
    }
    // Floating: fixed to the viewport and small (the chat and help launchers, toasts), not a dialog or a bar.
    const floating = [...document.querySelectorAll("body *")].filter((el) => {
      if (el.getClientRects().length === 0 || getComputedStyle(el).position !== "fixed") return false;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.width < window.innerWidth * 0.6 && r.height < window.innerHeight * 0.5;
    });
    const ownText = (el: Element) =>
      [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent)
        .join("")
        .trim();
    const isBadge = (el: Element) => /^(In Stock|Low Stock|Out of Stock)$/.test(ownText(el));
    const isTarget = (el: Element) => {
      if (floating.some((f) => f.contains(el)) || el.closest("[role=dialog], [hidden], [aria-hidden=true]")) return false;
      if (el.matches(".btn-primary") || isBadge(el)) return true;
      return /\$\s?\d/.test(ownText(el));
    };
    const targets = [...document.querySelectorAll("body *")].filter((el) => isTarget(el) && el.getClientRects().length > 0);
    for (const target of targets) {
      const r = target.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.bottom <= 0 || r.top >= window.innerHeight || r.right <= 0 || r.left >= window.innerWidth) continue;
      const points: [number, number][] = [
        [r.left + r.width / 2, r.top + r.height / 2],
        [r.left + 2, r.top + 2],
        [r.right - 2, r.top + 2],
        [r.left + 2, r.bottom - 2],
        [r.right - 2, r.bottom - 2],
      ];
      for (const [x, y] of points) {
        if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
        const hit = document.elementFromPoint(x, y);
        const cover = hit && floating.find((f) => f.contains(hit));
        if (cover) {
          problems.push({ what: `${describe(cover)} covers ${describe(target)}`, where: `at ${Math.round(x)},${Math.round(y)}` });
          break;
        }
      }
    }
    for (const badge of document.querySelectorAll("body *")) {
      if (!isBadge(badge) || badge.getClientRects().length === 0) continue;
      const r = badge.getBoundingClientRect();
      const clip = badge.closest("article, li, .card");
      const box = clip?.getBoundingClientRect();
      if (badge.scrollWidth > badge.clientWidth + 1 || (box && (r.right > box.right + 1 || r.left < box.left - 1))) {
        problems.push({ what: `stock badge cut off`, where: describe(badge) });
      }
    }
    return problems;
  });
}

async function settle(page: Page) {
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

const SHOPPER_PAGES = (product: string) => [
  "/",
  "/shop",
  `/shop/${GAME.slug}`,
  "/shop/blox-fruits",
  `/product/${product}`,
  "/cart",
  "/checkout",
  "/dashboard",
  "/faq",
  "/blog",
  "/about",
  "/contact",
  "/how-it-works",
  "/terms",
  "/privacy",
  "/refunds",
];

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`every shopper page fits the screen, nothing important is under the floating buttons and axe finds no violation (${viewport.width} px)`, async ({
      page,
    }) => {
      // About fifteen pages, each loaded and measured, and up to fifteen axe runs of 3-4 s each.
      test.setTimeout(240_000);
      await page.addInitScript(() => window.localStorage.setItem("hasSeenPromo", "true"));
      expect((await page.request.post("/api/auth/login-user", { data: { email: LONG_EMAIL, password: PASSWORD } })).status()).toBe(200);
      expect((await page.request.post("/api/cart", { data: { productId, quantity: 1 } })).status()).toBeLessThan(300);
      const failures: string[] = [];
      const found: string[] = [];
      for (const path of SHOPPER_PAGES(productId)) {
        await page.goto(path);
        await settle(page);
        // axe's name for the state (accessibility.spec.ts checks the visitor's pages and the dialogs).
        const state = path === `/product/${productId}` ? "a product page" : path === "/dashboard" ? "/dashboard orders" : path;
        if (path !== `/shop/${GAME.slug}` && axeChecks(viewport.width, state)) found.push(...(await violations(page, state)));
        await page.evaluate(() => window.scrollTo(0, 0));
        const top = await layoutProblems(page);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        // The scroll has landed: the viewport's bottom is the document's.
        await page.waitForFunction(() => Math.abs(window.scrollY + window.innerHeight - document.documentElement.scrollHeight) <= 1);
        const bottom = await layoutProblems(page);
        for (const p of [...top, ...bottom]) failures.push(`${path}: ${p.what} (${p.where})`);
      }
      expect(failures).toEqual([]);
      expect(found).toEqual([]);
    });

    test(`every admin tab fits the screen with 300 orders and 100 products (${viewport.width} px)`, async ({ page }) => {
      // Twelve tabs and two menus, each loaded and measured twice: at a load average of 20-25 it took 29-32 s.
      test.setTimeout(90_000);
      await adminLogin(page.request);
      const failures: string[] = [];
      // Every tab the panel has (an owner sees them all), Mail and Staff included.
      for (const tab of ADMIN_TABS.map((t) => t.key)) {
        await page.goto(`/admin?tab=${tab}`);
        await expect(page.getByRole("heading", { name: "Admin Panel" })).toBeVisible();
        await settle(page);
        for (const p of await layoutProblems(page)) failures.push(`${tab}: ${p.what} (${p.where})`);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        for (const p of await layoutProblems(page)) failures.push(`${tab} (end): ${p.what} (${p.where})`);
      }
      // The two-factor set-up opens from the panel's header.
      await page.getByText("Two-factor: off").click();
      await expect(page.getByRole("button", { name: "Set up two-factor sign-in" })).toBeVisible();
      for (const p of await layoutProblems(page)) failures.push(`two-factor set-up: ${p.what} (${p.where})`);
      await page.getByText("Two-factor: off").click();
      // The sessions and passkeys menu opens from the panel's header too.
      await page.getByText("Sessions", { exact: true }).click();
      await expect(page.getByRole("region", { name: "Passkeys" })).toBeVisible();
      for (const p of await layoutProblems(page)) failures.push(`sessions and passkeys: ${p.what} (${p.where})`);
      expect(failures).toEqual([]);
    });

    test(`the panel's long lists page on the server and its panes open where the admin looks (${viewport.width} px)`, async ({ page }) => {
      // The review rows written straight into the database name screenshots never uploaded (404 on their pictures).
      allowConsoleError(/status of 404 .*\/uploads\/reviews\//);
      await adminLogin(page.request);
      // Orders: 300 and more, 20 a page, with the total and a status filter.
      await page.goto("/admin?tab=orders");
      await expect(page.getByRole("navigation", { name: "Orders pages" })).toContainText(/Page 1 of \d+/);
      // The list's own rows: each order's risk facts are a list inside its row.
      const orderRows = page.getByRole("list", { name: "Orders" }).locator(":scope > li");
      await expect(orderRows).toHaveCount(20);
      await page.getByLabel("Show orders with status").selectOption("cancelled");
      await expect(page.getByText(/^\d+ orders found$/)).toBeVisible();
      await expect(orderRows.first()).toContainText("cancelled");
      // The whole email shows, on a phone too.
      await page.getByRole("searchbox", { name: "Search orders" }).fill(LONG_EMAIL);
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page.getByRole("list", { name: "Orders" }).getByText(LONG_EMAIL, { exact: true }).first()).toBeVisible();

      // Products: a page of 25 of the hundred, searchable, filtered by stock.
      await page.goto("/admin?tab=products");
      await page.getByLabel("Game", { exact: true }).selectOption({ label: GAME.name });
      await expect(page.getByText("100 products", { exact: true })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Products pages" })).toContainText("Page 1 of 4");
      await page.getByLabel("Stock").selectOption("out");
      await expect(page.getByText("34 products found", { exact: true })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(12_000);

      // Reviews: pending only; tapping a submission shows its pane on screen with Approve.
      await page.goto("/admin?tab=submissions");
      await page.getByRole("group", { name: "Show submissions" }).getByRole("button", { name: "Pending", exact: true }).click();
      await expect(page.getByText(/^\d+ pending submissions$/)).toBeVisible();
      await page.getByRole("list", { name: "Submissions" }).getByRole("button").nth(5).click();
      await expect(page.getByLabel("Review pane").getByRole("button", { name: "Approve", exact: true })).toBeInViewport();

      // Support: open only; the chat opens on screen and its reply box fits the screen.
      await page.goto("/admin?tab=support");
      await page.getByRole("button", { name: "Open", exact: true }).click();
      const conversations = page.getByRole("list", { name: "Conversations" }).getByRole("button");
      await expect(conversations.first()).toContainText("open");
      await conversations.nth(4).click();
      const detail = page.getByLabel("Conversation detail");
      await expect(detail).toBeInViewport({ ratio: 0.5 });
      await expect(detail.getByRole("button", { name: "Close Conversation" })).toBeInViewport();
      const box = (await detail.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      // Item requests name the game.
      await expect(page.getByRole("list", { name: "Item requests" }).getByText(GAME.name).first()).toBeVisible();
    });
  });
}

test.describe("phone details", () => {
  test.use({ viewport: PHONE });

  test("the menu's search results push its game list down instead of covering it", async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem("hasSeenPromo", "true"));
    await page.goto("/");
    await page.getByLabel("Menu").click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await menu.getByRole("combobox").fill("legendary rainbow");
    await expect(menu.getByRole("option").first()).toBeVisible();
    const link = menu.getByRole("link", { name: "Blox Fruits", exact: true });
    await link.scrollIntoViewIfNeeded();
    const uncovered = await link.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit !== null && el.contains(hit);
    });
    expect(uncovered).toBe(true);
    // Results show the name on up to three lines, not cut to one.
    const option = menu.getByRole("option").first();
    await expect(option).toContainText("Legendary Rainbow Phoenix");
  });

  test("a toast stacks above the chat and help buttons instead of covering them", async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem("hasSeenPromo", "true"));
    await page.goto(`/product/${productId}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    const toast = page.getByRole("status").filter({ hasText: /cart/i }).first();
    await expect(toast).toBeVisible();
    const t = (await toast.boundingBox())!;
    for (const name of ["Live chat", "Help: frequently asked questions"]) {
      const b = (await page.getByRole("button", { name }).boundingBox())!;
      expect(t.y + t.height, name).toBeLessThanOrEqual(b.y);
    }
  });

  test("the product breadcrumb has space around its separators", async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem("hasSeenPromo", "true"));
    await page.goto(`/product/${productId}`);
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" }).locator("li");
    const boxes = await crumbs.evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right, top: r.top })));
    expect(boxes).toHaveLength(5); // Shop, /, game, /, product
    for (let i = 1; i < boxes.length; i++) {
      if (boxes[i]!.top !== boxes[i - 1]!.top) continue; // wrapped onto the next line
      expect(boxes[i]!.left - boxes[i - 1]!.right).toBeGreaterThanOrEqual(4);
    }
  });
});

test.describe("header at laptop widths", () => {
  for (const width of [1024, 1366]) {
    test(`no game link in the header is cut or covered by the search box at ${width} px, signed in and as a guest`, async ({ page }) => {
      await page.setViewportSize({ width, height: 768 });
      for (const signedIn of [false, true]) {
        if (signedIn) expect((await page.request.post("/api/auth/login-user", { data: { email: LONG_EMAIL, password: PASSWORD } })).status()).toBe(200);
        await page.goto("/");
        const links = page.getByRole("banner").getByRole("navigation", { name: "Games" }).getByRole("link");
        const problems = await links.evaluateAll((els) =>
          els
            // A link that did not fit is inert and clipped away whole; every other one must show whole.
            .filter((el) => el.getClientRects().length > 0 && !(el as HTMLElement).inert)
            .filter((el) => {
              const r = el.getBoundingClientRect();
              const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
              const hitRight = document.elementFromPoint(r.right - 2, r.top + r.height / 2);
              return el.scrollWidth > el.clientWidth + 1 || !hit || !el.contains(hit) || !hitRight || !el.contains(hitRight);
            })
            .map((el) => el.textContent),
        );
        expect(problems, signedIn ? "signed in" : "guest").toEqual([]);
        await expect(page.getByRole("banner").getByRole("navigation", { name: "Games" }).getByRole("link", { name: "All games" })).toBeVisible();
      }
    });
  }
});
