import { describe, expect, it } from "vitest";
import { checkBlogPostDraft } from "#domain/content/blog-post.ts";
import { DEMO_CATALOGUE } from "#adapters/seed/catalogue.ts";
import { DEMO_FAQS, DEMO_POSTS } from "#adapters/seed/content.ts";
import { paymentMethodsOf } from "#domain/payments/payment-methods.ts";

describe("demo content (what a new store shows on /faq and /blog)", () => {
  it("has at least 12 distinct FAQs and 6 distinct, valid posts, some featured", () => {
    expect(DEMO_FAQS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(DEMO_FAQS.map((f) => f.question)).size).toBe(DEMO_FAQS.length);
    expect(DEMO_POSTS.length).toBeGreaterThanOrEqual(6);
    expect(new Set(DEMO_POSTS.map((p) => p.slug)).size).toBe(DEMO_POSTS.length);
    for (const post of DEMO_POSTS) expect(() => checkBlogPostDraft(post)).not.toThrow();
    expect(DEMO_POSTS.some((p) => p.featured)).toBe(true);
    expect(DEMO_POSTS.some((p) => !p.featured)).toBe(true);
  });

  it("links only to games that exist in the demo catalogue", () => {
    const slugs = new Set(DEMO_CATALOGUE.map((g) => g.slug));
    for (const post of DEMO_POSTS) {
      for (const [, slug] of post.content.matchAll(/href="\/shop\/([a-z0-9-]+)"/g)) expect(slugs).toContain(slug);
    }
  });

  it("states the spec's refund delays: processing in the FAQ, each way of paying's in the Refund Policy (only the configured ones, issue 47)", () => {
    const refunds = DEMO_FAQS.find((f) => f.question === "How long do refunds take?")!;
    expect(refunds.answer).toContain("3-5 business days");
    expect(refunds.answer).toContain("Refund Policy");
    expect(refunds.answer).not.toMatch(/paypal|card/i);
    const [paypal] = paymentMethodsOf(["paypal"]);
    expect(paypal!.refundTime).toContain("5-10 business days");
    expect(paypal!.refundTime).toContain("1-3 business days");
  });

  it("names no way to pay and conditions no reward on a good review (issue 47)", () => {
    for (const faq of DEMO_FAQS) expect(`${faq.question} ${faq.answer}`).not.toMatch(/bank transfer|\bATM\b|paypal|payment methods/i);
    expect(DEMO_FAQS.find((f) => f.question === "How do I earn points with a review?")!.answer).toMatch(/good or bad/);
  });
});
