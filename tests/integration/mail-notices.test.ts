import { afterAll, describe, expect, it } from "vitest";
import * as submissionById from "#src/pages/api/admin/submissions/[id].ts";
import * as submit from "#src/pages/api/trustpilot-submit.ts";
import * as adminCodes from "#src/pages/api/admin/discount-codes/index.ts";
import { startSmtpServer } from "../support/smtp.ts";
import { administrator, shopper } from "./helpers/accounts.ts";
import { PNG_DATA_URL } from "./helpers/rewards.ts";
import { captureCall, preparedPayment, product, setStock, signIn } from "./helpers/shoppers.ts";
import { createTestApp } from "./helpers/test-app.ts";

// Issue 19: the review screenshot's decision and a refund are emailed, from their own transactions.
const smtp = await startSmtpServer();
const store = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: "BloxBazaar <news@shop.test>" } });
const admin = await administrator(store);
afterAll(() => smtp.close());

async function inbox(email: string) {
  await store.app.mail.worker.drain();
  return smtp.to(email);
}

describe("emails about a review and a refund (issue 19)", () => {
  it("tells the shopper a screenshot was approved (with the points) or rejected (with the reason)", async () => {
    for (const [email, status, notes] of [
      ["approved@mail.test", "approved", null],
      ["rejected@mail.test", "rejected", "The screenshot does not show a review."],
    ] as const) {
      const { browser } = await shopper(store, email);
      const uploaded = await browser.call(submit.POST, "/api/trustpilot-submit", { body: { screenshotUrl: PNG_DATA_URL, userId: null } });
      expect(uploaded.status).toBe(201);
      const id = uploaded.body.id as string;
      const decided = await admin.browser.call(submissionById.PATCH, `/api/admin/submissions/${id}`, {
        method: "PATCH",
        params: { id },
        body: { status, adminNotes: notes },
      });
      expect(decided.status, JSON.stringify(decided.body)).toBe(200);
      // A second decision is refused, and sends nothing more.
      expect(
        (await admin.browser.call(submissionById.PATCH, `/api/admin/submissions/${id}`, { method: "PATCH", params: { id }, body: { status } })).status,
      ).toBe(409);
      const decisions = (await inbox(email)).filter((m) => !m.subject.startsWith("Confirm"));
      expect(decisions).toHaveLength(1);
      if (status === "approved") {
        expect(decisions[0]!.subject).toBe("Your review was approved: 300 points for you");
      } else {
        expect(decisions[0]!.subject).toBe("About your review screenshot");
        expect(decisions[0]!.text).toContain("The reason: The screenshot does not show a review.");
      }
    }
  });

  it("a payment taken for an order that can no longer be placed is refunded, and the email says how much and where", async () => {
    // A code for one order, in two shoppers' prepared checkouts: the second payment is refunded.
    const code = (
      await admin.browser.call(adminCodes.POST, "/api/admin/discount-codes", { body: { code: "JUSTONCE", type: "fixed", amount: "1.00", usageLimit: 1 } })
    ).body;
    const item = await product(store, "10M Diamonds");
    await setStock(store, item.id, 50);
    const total = ((item.priceCents - 100) / 100).toFixed(2);
    const payments = [];
    for (const [i, email] of ["first-buyer@mail.test", "refund@mail.test"].entries()) {
      const buyer = await signIn(store, `refund-buyer${i}@shop.test`);
      payments.push({ buyer, ...(await preparedPayment(buyer, item.id, 1, { email, discountCodeId: code.id, discountAmount: "1.00", total })) });
    }
    expect((await captureCall(payments[0]!.buyer, payments[0]!.paymentId)).status).toBe(201);
    const captured = await captureCall(payments[1]!.buyer, payments[1]!.paymentId);
    expect(captured.status).toBe(409);
    const prepared = payments[1]!.prepared;
    const mails = await inbox("refund@mail.test");
    expect(mails.map((m) => m.subject)).toEqual([`Your payment of $${prepared.total} was refunded`]);
    expect(mails[0]!.text).toContain(`Amount: $${prepared.total}`);
    expect(mails[0]!.text).toContain("Refunded to: your sandbox payment");
    expect(mails[0]!.text).toContain("We could not place your order: This discount code has reached its usage limit");
  });
});
