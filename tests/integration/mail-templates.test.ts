import { readFileSync } from "node:fs";
import mjml2html from "mjml";
import { describe, expect, it } from "vitest";
import { mailLayoutModule } from "#adapters/mail/compile-mail-layout.ts";
import { footerOf } from "#adapters/mail/mail-blocks.ts";
import { contentOf } from "#adapters/mail/mail-content.ts";
import { blockMjml, documentMjml } from "#adapters/mail/mail-mjml.ts";
import { renderMail } from "#adapters/mail/templates.ts";
import type { Mail } from "#domain/mail/mail.ts";

const brand = { shopName: "Blox & Co", publicUrl: "https://shop.example", supportEmail: "help@shop.example" };
const receipt = {
  orderId: "0a1b2c3d-0000-4000-8000-000000000000",
  robloxUsername: "Builder_42",
  items: [{ name: "Dough <Fruit>", quantity: 2, unitPrice: 1299 }],
  subtotal: 2598,
  discount: 260,
  discountCode: "WELCOME10",
  storeCredit: 500,
  paid: 1838,
  total: 2338,
  paymentProvider: "paypal",
  paymentReference: "CAPTURE-1",
  placedAt: "2026-11-26T06:00:00.000Z",
};
const samples: Mail[] = [
  { template: "verify_email", to: "a@x.test", data: { name: "Ana", url: "https://shop.example/verify-email?token=t1" } },
  { template: "reset_password", to: "a@x.test", data: { name: "Ana", url: "https://shop.example/reset-password?token=t2" } },
  { template: "password_changed", to: "a@x.test", data: { name: "Ana" } },
  { template: "sign_up_attempt", to: "a@x.test", data: {} },
  {
    template: "staff_invitation",
    to: "a@x.test",
    data: { role: "support", invitedBy: "owner@x.test", url: "https://shop.example/reset-password?token=t4&invitation=1" },
  },
  {
    template: "confirm_email_change",
    to: "a@x.test",
    data: { name: "Ana", newEmail: "b@x.test", url: "https://shop.example/verify-email?token=t3&step=confirm-change" },
  },
  { template: "order_confirmation", to: "a@x.test", data: receipt },
  ...(["pending", "processing", "completed", "cancelled"] as const).map((status): Mail => ({
    template: "order_status",
    to: "a@x.test",
    data: { orderId: receipt.orderId, robloxUsername: "Builder_42", status, total: 2338 },
  })),
  { template: "promo_code", to: "a@x.test", data: { code: "WELCOME20-ABCDEFGHJK", percentOff: 20 } },
  { template: "review_decision", to: "a@x.test", data: { status: "approved", points: 300, adminNotes: null } },
  { template: "review_decision", to: "a@x.test", data: { status: "rejected", points: 0, adminNotes: "Blurry" } },
  { template: "payment_refunded", to: "a@x.test", data: { amount: 1838, provider: "paypal", reason: "We could not place your order: out of stock" } },
  { template: "order_refunded", to: "a@x.test", data: { orderId: receipt.orderId, amount: 1000, destination: "payment", reason: "Item no longer available" } },
  { template: "order_refunded", to: "a@x.test", data: { orderId: receipt.orderId, amount: 500, destination: "store_credit", reason: "Goodwill" } },
  { template: "order_held", to: "a@x.test", data: { orderId: receipt.orderId, robloxUsername: "Builder_42" } },
  { template: "order_late", to: "a@x.test", data: { orderId: receipt.orderId, robloxUsername: "Builder_42", points: 500 } },
  { template: "order_late", to: "a@x.test", data: { orderId: receipt.orderId, robloxUsername: "Builder_42", points: 0 } },
  {
    template: "admin_digest",
    to: "a@x.test",
    data: {
      orders: [{ orderId: receipt.orderId, total: 2338, itemCount: 2, at: receipt.placedAt }],
      conversations: [{ conversationId: "c0ffee00-1", at: receipt.placedAt }],
    },
  },
  { template: "chat_reply", to: "a@x.test", data: { chat: "order", orderId: receipt.orderId, excerpt: "On its way <3" } },
  // Text that reads like one of the compiled layout's slots stays text.
  { template: "chat_reply", to: "a@x.test", data: { chat: "support", orderId: null, excerpt: 'Type "@@body@@" & @@text@@' } },
  {
    template: "webhook_paused",
    to: "owner@x.test",
    data: { url: "https://hooks.example.com/api/...", failures: 5, panelUrl: "http://localhost:4321/admin?tab=settings" },
  },
];

describe("the email templates (MJML)", () => {
  it("the compiled layout is current: adapters/mail/mail-layout.generated.ts is what `npm run mail:compile` writes", async () => {
    const generated = readFileSync(new URL("../../adapters/mail/mail-layout.generated.ts", import.meta.url), "utf8");
    expect(generated, "run npm run mail:compile after changing adapters/mail/mail-mjml.ts").toBe(await mailLayoutModule());
  });

  it.each(samples.map((mail, i) => [`${mail.template} #${i}`, mail] as const))(
    "%s: the HTML is exactly what MJML makes of the message's design",
    async (_name, mail) => {
      const content = contentOf(mail, brand);
      const frame = { title: content.subject, preview: content.preview, shopName: brand.shopName, footer: footerOf(brand) };
      const fromMjml = await mjml2html(documentMjml(frame, content.blocks.map((block) => blockMjml(block)).join("\n")), { validationLevel: "strict" });
      expect(fromMjml.errors).toEqual([]);
      expect((await renderMail(mail, brand)).html).toBe(fromMjml.html);
    },
  );

  it.each(samples.map((mail) => [mail.template, mail] as const))(
    "%s: subject, HTML and text agree, with the shop's name and working links",
    async (_name, mail) => {
      const { subject, html, text } = await renderMail(mail, brand);
      expect(subject.length).toBeGreaterThan(5);
      expect(html).toContain("<!doctype html>");
      expect(html).toContain("Blox &amp; Co");
      expect(text).toContain("Blox & Co · https://shop.example");
      for (const rendered of [subject, html, text]) expect(rendered).not.toMatch(/undefined|NaN|\[object /);
      const links = [...text.matchAll(/https:\/\/shop\.example[^\s"]*/g)].map((m) => m[0]);
      for (const link of links) expect(html).toContain(link.replace(/&/g, "&amp;"));
    },
  );

  it("the receipt shows items, discount, store credit, total paid, payment reference and the Roblox username; user text is escaped", async () => {
    const { html, text } = await renderMail({ template: "order_confirmation", to: "a@x.test", data: receipt }, brand);
    expect(text).toContain("Dough <Fruit> × 2: $25.98");
    expect(text).toContain("Discount (WELCOME10): -$2.60");
    expect(text).toContain("Store credit: -$5.00");
    expect(text).toContain("Total paid: $18.38");
    expect(text).toContain("reference CAPTURE-1");
    expect(text).toContain("Roblox user Builder_42");
    expect(text).toContain("within 24 hours");
    expect(html).toContain("Dough &lt;Fruit&gt;");
    expect(html).not.toContain("<Fruit>");
  });
});
