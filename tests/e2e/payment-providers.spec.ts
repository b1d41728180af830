import type { BrowserContext, Page } from "@playwright/test";
import { startStripeFixtureServer } from "../support/stripe-fixture-server.ts";
import { axeResults } from "./axe.ts";
import { allowConsoleError, expect, test as journey } from "./fixtures.ts";
import { emailTo } from "./mailbox.ts";
import { confirmRequirements } from "./orders.ts";
import { noSidewaysScroll } from "./screen.ts";
import { ADULT_BIRTH_DATE, birthDateAged, PASSWORD, uniqueEmail } from "./sign-up.ts";
import { startStore, type SpawnedStore } from "./spawned-store.ts";
import { JOURNEY_STORE_ENV, robloxFixtureEnv } from "./store-env.ts";

/**
 * Several providers at checkout and on a parent's /pay page (issue 52), in a store of this spec's
 * own: PAYMENT_PROVIDERS=sandbox,stripe, its Stripe SDK against the Stripe fixture server this
 * spec runs (Stripe's documented answers, tests/fixtures/stripe/README.md). The run's main store
 * stays on the sandbox alone, as the other journeys expect. Stripe.js (js.stripe.com) cannot load
 * from here: its requests are refused as a machine without the network refuses them, and the page
 * says card payments are unavailable and offers the sandbox, which still pays.
 */
type Stripe = Awaited<ReturnType<typeof startStripeFixtureServer>>;
const test = journey.extend<object, { shop: { store: SpawnedStore; stripe: Stripe } }>({
  shop: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: it has none
    async ({}, use) => {
      const stripe = await startStripeFixtureServer();
      const store = await startStore({
        ...JOURNEY_STORE_ENV,
        ...robloxFixtureEnv(process.env["E2E_ROBLOX_FIXTURES"]!),
        PAYMENT_PROVIDERS: "sandbox,stripe",
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_URL: stripe.apiUrl,
      });
      await use({ store, stripe });
      await store.stop();
      await stripe.close();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ shop }, use) => use(shop.store.base),
});

/**
 * Stripe.js's requests in `context` fail as they do on a machine without the network, once the
 * answered `release()` is called (until then they wait, so the Payment Element's place is seen loading).
 */
async function stripeJsUnreachable(context: BrowserContext): Promise<() => void> {
  allowConsoleError(/js\.stripe\.com|ERR_INTERNET_DISCONNECTED/);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await context.route(/^https:\/\/([a-z0-9-]+\.)?js\.stripe\.com\//, async (route) => {
    await released;
    await route.abort("internetdisconnected");
  });
  return release;
}

/** A shopper of this store (an adult unless `birthDate` says otherwise), signed in, one item in the cart: its name. */
async function shopperWithCart(page: Page, tag: string, birthDate = ADULT_BIRTH_DATE): Promise<{ email: string; product: string }> {
  const email = uniqueEmail(tag);
  expect((await page.request.post("/api/auth/register", { data: { acceptTerms: true, email, password: PASSWORD, birthDate } })).status()).toBe(201);
  expect((await page.request.post("/api/auth/login-user", { data: { email, password: PASSWORD } })).status()).toBe(200);
  const products = (await (await page.request.get("/api/products")).json()) as { id: string; name: string; stock: number }[];
  const product = products.find((p) => p.stock > 5)!;
  expect((await page.request.post("/api/cart", { data: { productId: product.id, quantity: 1 } })).status()).toBeLessThan(300);
  return { email, product: product.name };
}

/** At checkout, details given and the checkout prepared: the payment step is next. */
async function continueToPayment(page: Page): Promise<void> {
  await page.goto("/checkout");
  await page.getByLabel("Roblox username").fill("Builder_42");
  await expect(page.getByRole("button", { name: "Continue to Payment" })).toBeEnabled();
  await confirmRequirements(page);
  await page.getByRole("button", { name: "Continue to Payment" }).click();
}

const choice = (page: Page) => page.getByRole("group", { name: "How would you like to pay?" });
const intentsCreated = (stripe: Stripe) => stripe.calls.filter((c) => c.method === "POST" && c.path === "/v1/payment_intents");

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test.describe(`payment providers at ${viewport.width} px`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 90_000 });

    test(`the checkout lists the providers; Card shows the Payment Element's place, then says card payments are unavailable when Stripe.js cannot load; the sandbox still pays (${viewport.width} px)`, async ({
      page,
      context,
      shop,
    }) => {
      const release = await stripeJsUnreachable(context);
      await shopperWithCart(page, `cards${viewport.width}`);
      await continueToPayment(page);
      await expect(choice(page).getByRole("radio")).toHaveCount(2);
      await expect(choice(page).getByRole("radio", { name: "Test payment" })).toBeChecked();
      await expect(page.getByRole("button", { name: /Pay .* with test payment/ })).toBeVisible();

      const before = intentsCreated(shop.stripe).length;
      await choice(page).getByRole("radio", { name: "Card" }).check();
      await expect(page.getByLabel("Card payment")).toBeAttached();
      await expect(page.getByRole("button", { name: "Loading card payment..." })).toHaveAttribute("aria-disabled", "true");
      // The shop opened the PaymentIntent at Stripe (the fixture server) meanwhile, with its idempotency key.
      await expect.poll(() => intentsCreated(shop.stripe).length).toBe(before + 1);
      expect(intentsCreated(shop.stripe).at(-1)!.idempotencyKey).toMatch(/^create-/);
      release();
      const notice = page.locator("[data-stripe-unavailable]");
      await expect(notice).toContainText("Card payments are unavailable right now: the card form could not load in this browser");
      await expect(notice).toContainText("Nothing was charged.");
      await expect(choice(page).getByText("(unavailable right now)")).toBeVisible();
      await noSidewaysScroll(page);
      expect((await axeResults(page)).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

      await notice.getByRole("button", { name: "Pay with Test payment instead" }).click();
      await expect(choice(page).getByRole("radio", { name: "Test payment" })).toBeChecked();
      await page.getByRole("button", { name: /Pay .* with test payment/ }).click();
      await expect(page.getByRole("heading", { name: "Payment successful!" })).toBeVisible();
    });

    test(`Stripe's API out of reach: the Card option says card payments are unavailable right now, and the shopper pays with the sandbox (${viewport.width} px)`, async ({
      page,
      context,
      shop,
    }) => {
      await stripeJsUnreachable(context).then((release) => release());
      allowConsoleError(/status of 502/);
      await shopperWithCart(page, `down${viewport.width}`);
      await continueToPayment(page);
      shop.stripe.setUnreachable(true);
      try {
        await choice(page).getByRole("radio", { name: "Card" }).check();
        const notice = page.locator("[data-stripe-unavailable]");
        await expect(notice).toContainText("Card payments are unavailable right now: our payment provider could not be reached. Nothing was charged.");
        await expect(choice(page).getByText("(unavailable right now)")).toBeVisible();
        await noSidewaysScroll(page);
        expect((await axeResults(page)).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
        await notice.getByRole("button", { name: "Pay with Test payment instead" }).click();
      } finally {
        shop.stripe.setUnreachable(false);
      }
      await page.getByRole("button", { name: /Pay .* with test payment/ }).click();
      await expect(page.getByRole("heading", { name: "Payment successful!" })).toBeVisible();
    });

    test(`a parent's /pay page lists the providers, Card as at checkout, and the sandbox pays the child's cart (${viewport.width} px)`, async ({
      page,
      browser,
      shop,
    }) => {
      const { email, product } = await shopperWithCart(page, `teen${viewport.width}`, birthDateAged(15));
      await continueToPayment(page);
      const parentEmail = uniqueEmail("parent");
      await page.getByLabel("Your parent's email").fill(parentEmail);
      await page.getByRole("button", { name: "Ask a parent to pay" }).click();
      await expect(page.getByRole("status").filter({ hasText: `We emailed ${parentEmail}` })).toBeVisible();
      const text = await emailTo(parentEmail, `${email.split("@")[0]!} asks you to pay`, shop.store.dataDir);
      const link = /https?:\/\/\S+\/pay\/[A-Za-z0-9_-]+/.exec(text)![0];

      const context = await browser.newContext({ baseURL: shop.store.base, viewport });
      await context.addInitScript(() => {
        // A blank first document has no storage of its own.
        try {
          window.localStorage.setItem("hasSeenPromo", "true");
        } catch {
          // not this document's to remember
        }
      });
      const release = await stripeJsUnreachable(context);
      const parent = await context.newPage();
      await parent.goto(link);
      await expect(parent.getByText(`${product} × 1`)).toBeVisible();
      await expect(choice(parent).getByRole("radio")).toHaveCount(2);
      await expect(choice(parent).getByRole("radio", { name: "Test payment" })).toBeChecked();
      await noSidewaysScroll(parent);
      expect((await axeResults(parent)).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

      const before = intentsCreated(shop.stripe).length;
      await choice(parent).getByRole("radio", { name: "Card" }).check();
      await expect(parent.getByLabel("Card payment")).toBeAttached();
      // The link's token opened the PaymentIntent of the child's checkout: no session, no checkout id.
      await expect.poll(() => intentsCreated(shop.stripe).length).toBe(before + 1);
      release();
      await expect(parent.locator("[data-stripe-unavailable]")).toContainText("Card payments are unavailable right now");
      await parent.getByRole("button", { name: "Pay with Test payment instead" }).click();
      await parent.getByRole("button", { name: /Pay .* with test payment/ }).click();
      await expect(parent.getByRole("heading", { name: "Paid, thank you!" })).toBeVisible();
      await context.close();
      const orders = (await (await page.request.get("/api/orders")).json()) as { items: { productName: string }[] }[];
      expect(orders[0]!.items.map((item) => item.productName)).toEqual([product]);
    });
  });
}
