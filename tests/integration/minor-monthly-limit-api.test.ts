import { afterAll, describe, expect, it } from "vitest";
import * as minors from "#src/pages/api/admin/settings/minors.ts";
import * as settings from "#src/pages/api/admin/settings/index.ts";
import * as loginUser from "#src/pages/api/auth/login-user.ts";
import * as register from "#src/pages/api/auth/register.ts";
import * as cart from "#src/pages/api/cart/index.ts";
import * as parentLink from "#src/pages/api/checkout/parent-link.ts";
import * as prepare from "#src/pages/api/checkout/prepare.ts";
import * as capture from "#src/pages/paypal/order/[id]/capture.ts";
import * as paypalOrder from "#src/pages/paypal/order/index.ts";
import { formatCents } from "#domain/shared/money.ts";
import { linkIn, startSmtpServer } from "../support/smtp.ts";
import { ADULT_BIRTH_DATE, birthDateAged } from "./helpers/birth-dates.ts";
import { claimFor, PASSWORD, product, signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

// The owner's monthly limit for accounts under 18 (issue 52, optional part): set in Settings, checked
// at prepare against the month's orders (a parent paid them through the emailed link), 422 with what is left.
const smtp = await startSmtpServer();
const store = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: "Shop <shop@shop.test>" } });
afterAll(() => smtp.close());
const admin = await signInAdmin(store);
let n = 0;

async function account(birthDate: string) {
  const email = `limit${++n}@shop.test`;
  const browser = store.client();
  expect((await browser.call(register.POST, "/api/auth/register", { body: { acceptTerms: true, email, password: PASSWORD, birthDate } })).status).toBe(201);
  const res = await browser.call(loginUser.POST, "/api/auth/login-user", { body: { email, password: PASSWORD } });
  return Object.assign(browser, { userId: res.body.user.id as string, email });
}
type Browser = Awaited<ReturnType<typeof account>>;

const ITEM = "1,700 Robux Pack";
const setLimit = (monthlyLimit: string | null) => admin.call(minors.PUT, "/api/admin/settings/minors", { body: { monthlyLimit } });
async function prepareOne(buyer: Browser) {
  const item = await product(store, ITEM);
  await buyer.call(cart.POST, "/api/cart", { body: { productId: item.id, quantity: 1 } });
  return buyer.call(prepare.POST, "/api/checkout/prepare", { body: await claimFor(buyer) });
}

/** The minor's prepared checkout, paid by a parent through the emailed link (the sandbox). */
async function parentPays(teen: Browser) {
  const parentEmail = `parent-of-${teen.email}`;
  expect((await teen.call(parentLink.POST, "/api/checkout/parent-link", { body: { parentEmail } })).status).toBe(201);
  await store.app.mail.worker.drain();
  const [mail] = smtp.to(parentEmail).filter((m) => m.subject.includes("asks you to pay"));
  const token = linkIn(mail!, `${store.app.config.publicUrl}/pay/`).split("/pay/")[1]!;
  const parent = store.client();
  const opened = await parent.call(paypalOrder.POST, "/paypal/order", { body: { payToken: token, sandboxOutcome: "approve" } });
  const paid = await parent.call(capture.POST, `/paypal/order/${opened.body.id}/capture`, { params: { id: opened.body.id }, body: { payToken: token } });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
}

describe(`the monthly limit of accounts under 18 on ${TEST_DATABASE}`, () => {
  it("the owner sets it in Settings (an amount, blank for none); a shopper's answer never shows it", async () => {
    expect((await setLimit("not money")).status).toBe(400);
    expect((await setLimit("25.00")).status).toBe(204);
    expect((await admin.call(settings.GET, "/api/admin/settings")).body.minors).toEqual({ monthlyLimitCents: 2500 });
    expect((await setLimit(null)).status).toBe(204);
    expect((await admin.call(settings.GET, "/api/admin/settings")).body.minors).toEqual({ monthlyLimitCents: null });
  });

  it("a 15-year-old orders up to the limit; the next checkout over it is 422 minor_monthly_limit with what is left; an adult is not limited", async () => {
    const price = (await product(store, ITEM)).priceCents;
    // Room for one order and a half.
    expect((await setLimit(formatCents(Math.round(price * 1.5)))).status).toBe(204);
    const teen = await account(birthDateAged(15));
    expect((await prepareOne(teen)).status).toBe(201);
    await parentPays(teen);
    const over = await prepareOne(teen);
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ code: "minor_monthly_limit", remaining: formatCents(Math.round(price * 1.5) - price) });
    expect(over.body.error).toContain(`$${formatCents(Math.round(price * 1.5) - price)} is left this month`);
    // Nothing was held for the refused checkout.
    expect(await store.app.db.selectFrom("checkouts").select("id").where("userId", "=", teen.userId).where("status", "=", "prepared").execute()).toEqual([]);

    const adult = await account(ADULT_BIRTH_DATE);
    expect((await prepareOne(adult)).status).toBe(201);
    expect((await prepareOne(adult)).status).toBe(201);
    await setLimit(null);
    expect((await prepareOne(teen)).status).toBe(201);
  });
});
