import { describe, expect, it } from "vitest";
import { checkBlogPostDraft } from "#domain/content/blog-post.ts";
import { DEMO_CATALOGUE } from "#adapters/seed/catalogue.ts";
import { DEMO_FAQS, DEMO_POSTS } from "#adapters/seed/content.ts";

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

  it("states the spec's refund delays in the FAQ", () => {
    const refunds = DEMO_FAQS.find((f) => f.question === "How long do refunds take?")!;
    expect(refunds.answer).toContain("3-5 business days");
    expect(refunds.answer).toContain("5-10 business days");
    expect(refunds.answer).toContain("1-3 business days");
  });
});
