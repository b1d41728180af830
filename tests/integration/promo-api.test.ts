import { afterAll, describe, expect, it } from "vitest";
import * as promo from "#src/pages/api/promo.ts";
import * as validate from "#src/pages/api/discount-codes/validate.ts";
import { startSmtpServer } from "../support/smtp.ts";
import { captureCall, preparedPayment, product, setStock, signIn } from "./helpers/shoppers.ts";
import { createTestApp } from "./helpers/test-app.ts";

const smtp = await startSmtpServer();
const store = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: "BloxBazaar <deals@shop.test>" } });
afterAll(() => smtp.close());

async function inbox(email: string) {
  await store.app.mail.worker.drain();
  return smtp.to(email);
}
const codeIn = (text: string) => text.match(/WELCOME20-[A-Z0-9]{10}/)![0];

describe("POST /api/promo (issue 19: the promo dialog keeps its promise)", () => {
  it("emails a single-use 20% code once per address, whatever is submitted again; the code validates, and after one order no longer", async () => {
    const first = await store.call(promo.POST, "/api/promo", { body: { email: " Lucky@Mail.test " } });
    expect(first).toMatchObject({ status: 200, body: { message: "Check your email for your exclusive 20% off code!" } });
    const again = await store.call(promo.POST, "/api/promo", { body: { email: "lucky@mail.test" } });
    expect(again.body).toEqual(first.body);
    const mails = await inbox("lucky@mail.test");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Your 20% off code for BloxBazaar");
    const code = codeIn(mails[0]!.text);

    const buyer = await signIn(store, "promo-buyer@shop.test");
    const item = await product(store, "Dough Fruit (Permanent)");
    await setStock(store, item.id, 20);
    const valid = await buyer.call(validate.POST, "/api/discount-codes/validate", { body: { code } });
    expect(valid).toMatchObject({ status: 200, body: { code, type: "percentage", amount: "20" } });
    const discount = Math.round(item.priceCents * 0.2);
    const total = ((item.priceCents - discount) / 100).toFixed(2);
    const { paymentId } = await preparedPayment(buyer, item.id, 1, { discountCodeId: valid.body.id, discountAmount: (discount / 100).toFixed(2), total });
    expect((await captureCall(buyer, paymentId)).status).toBe(201);
    const used = await buyer.call(validate.POST, "/api/discount-codes/validate", { body: { code } });
    expect(used.status).toBe(409);
  });

  it("concurrent claims for one address issue one code", async () => {
    const answers = await Promise.all(Array.from({ length: 3 }, () => store.call(promo.POST, "/api/promo", { body: { email: "race@mail.test" } })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await inbox("race@mail.test")).toHaveLength(1);
    const rows = await store.app.db.selectFrom("promo_claims").selectAll().where("email", "=", "race@mail.test").execute();
    expect(rows).toHaveLength(1);
  });

  it("refuses a bad address and limits how many a client can ask for", async () => {
    expect((await store.call(promo.POST, "/api/promo", { body: { email: "not-an-address" } })).status).toBe(400);
    const client = store.client();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await client.call(promo.POST, "/api/promo", { body: { email: `many${i}@mail.test` } })).status);
    expect(statuses).toContain(429);
    expect(statuses.indexOf(429)).toBeGreaterThan(0);
  });
});
