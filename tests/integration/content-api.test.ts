import { describe, expect, it } from "vitest";
import { createBlogPostRepository } from "#adapters/repositories/blog-post.repository.ts";
import * as blogPost from "#src/pages/api/blog/[slug].ts";
import * as blog from "#src/pages/api/blog/index.ts";
import * as faqs from "#src/pages/api/faqs.ts";
import { DEMO_FAQS, DEMO_POSTS } from "#adapters/seed/content.ts";
import { publishBlogPost } from "#domain/content/publish-blog-post.ts";
import { createTestApp } from "./helpers/test-app.ts";

const { app, call } = await createTestApp();
const PAYING = "Which payment methods do you accept?";

// Issue 47: the FAQ offered "bank transfer or ATM/cash", which checkout never did. Its answer about
// paying is written from the configured payment methods, so it names those and no other.
describe("the FAQ's answer about paying", () => {
  const paying = async (store: { call: typeof call }, q?: string) =>
    ((await store.call(faqs.GET, "/api/faqs", q ? { query: { q } } : {})).body as { question: string; answer: string }[]).find((f) => f.question === PAYING);

  it("names the sandbox's test button on a sandbox store, and no method it does not take", async () => {
    const answer = (await paying({ call }))!.answer;
    expect(answer).toContain("the test payment button");
    expect(answer).not.toMatch(/paypal|bank transfer|\bATM\b|cash/i);
    expect(await app.db.selectFrom("faqs").select("id").where("answer", "like", "%ATM%").execute()).toEqual([]);
  });

  it("names PayPal on a PayPal store: the configuration decides, and search finds it by its words", async () => {
    const paypal = await createTestApp({ env: { PAYMENT_PROVIDER: "paypal", PAYPAL_CLIENT_ID: "client-id", PAYPAL_CLIENT_SECRET: "client-secret" } });
    const answer = (await paying(paypal))!.answer;
    expect(answer).toContain("PayPal, with your PayPal balance or a debit or credit card");
    expect(answer).not.toMatch(/test payment|bank transfer|\bATM\b|cash/i);
    expect(await paying(paypal, "paypal bal")).toBeDefined();
    expect(await paying(paypal, "refunds take")).toBeUndefined();
  });
});

describe("GET /api/faqs", () => {
  it("lists every seeded FAQ in display order, then the answer about paying, with id, question and answer only", async () => {
    const res = await call(faqs.GET, "/api/faqs");
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(DEMO_FAQS.length + 1);
    expect(res.body.length).toBeGreaterThanOrEqual(12);
    expect(res.body.map((f: { question: string }) => f.question)).toEqual([...DEMO_FAQS.map((f) => f.question), PAYING]);
    expect(Object.keys(res.body[0]).sort()).toEqual(["answer", "id", "question"]);
  });

  it("searches question and answer case-insensitively", async () => {
    const byQuestion = await call(faqs.GET, "/api/faqs", { query: { q: "REFUNDS" } });
    expect(byQuestion.status).toBe(200);
    expect(byQuestion.body.map((f: { question: string }) => f.question)).toContain("How long do refunds take?");
    // "5000 points" appears only in answers.
    const byAnswer = await call(faqs.GET, "/api/faqs", { query: { q: "5000 POINTS" } });
    expect(byAnswer.body.length).toBeGreaterThan(0);
    for (const faq of byAnswer.body) expect(`${faq.question} ${faq.answer}`.toLowerCase()).toContain("5000 points");
  });

  it("finds an FAQ written by plain SQL, and an edited one by its new words only (the index of migration 0025)", async () => {
    const [first] = await app.db.selectFrom("faqs").select(["id", "displayOrder"]).orderBy("displayOrder").limit(1).execute();
    await app.db
      .insertInto("faqs")
      .values({ id: "faq-plain-sql", question: "Can I pay with Zorblax tokens?", answer: "Not yet.", displayOrder: first!.displayOrder + 1000 })
      .execute();
    expect((await call(faqs.GET, "/api/faqs", { query: { q: "zorbl" } })).body.map((f: { id: string }) => f.id)).toEqual(["faq-plain-sql"]);
    await app.db.updateTable("faqs").set({ question: "Can I pay with Quuxcoin?" }).where("id", "=", "faq-plain-sql").execute();
    expect((await call(faqs.GET, "/api/faqs", { query: { q: "zorblax" } })).body).toEqual([]);
    expect((await call(faqs.GET, "/api/faqs", { query: { q: "pay with quux" } })).body.map((f: { id: string }) => f.id)).toEqual(["faq-plain-sql"]);
    await app.db.deleteFrom("faqs").where("id", "=", "faq-plain-sql").execute();
    expect((await call(faqs.GET, "/api/faqs", { query: { q: "quuxcoin" } })).body).toEqual([]);
  });

  it("finds nothing for text that matches nothing, and treats % and _ literally", async () => {
    expect((await call(faqs.GET, "/api/faqs", { query: { q: "zzz-no-such-faq" } })).body).toEqual([]);
    expect((await call(faqs.GET, "/api/faqs", { query: { q: "%" } })).body).toEqual([]);
    expect((await call(faqs.GET, "/api/faqs", { query: { q: "_" } })).body).toEqual([]);
  });

  it("lists all for blank text and refuses text over 100 characters", async () => {
    expect((await call(faqs.GET, "/api/faqs", { query: { q: "   " } })).body.length).toBe(DEMO_FAQS.length + 1);
    const long = await call(faqs.GET, "/api/faqs", { query: { q: "x".repeat(101) } });
    expect(long.status).toBe(400);
    expect(long.body.error).toMatch(/100 characters/);
  });
});

describe("GET /api/blog", () => {
  it("lists summaries newest first with the spec's fields", async () => {
    const res = await call(blog.GET, "/api/blog");
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(6);
    expect(Object.keys(res.body[0]).sort()).toEqual(["excerpt", "featured", "id", "publishedAt", "slug", "title"]);
    const dates = res.body.map((p: { publishedAt: string }) => p.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(res.body.filter((p: { featured: number }) => p.featured === 1).length).toBeGreaterThan(0);
    expect(res.body.every((p: { featured: number }) => p.featured === 0 || p.featured === 1)).toBe(true);
  });
});

describe("GET /api/blog/{slug}", () => {
  it("answers the post's detail", async () => {
    const seed = DEMO_POSTS[0]!;
    const res = await call(blogPost.GET, `/api/blog/${seed.slug}`, { params: { slug: seed.slug } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      title: seed.title,
      metaDescription: seed.metaDescription,
      keywords: seed.keywords,
      author: seed.author,
      publishedAt: seed.publishedAt,
      content: expect.stringContaining("<h2>1. Buddha: the budget king</h2>"),
      featured: 1,
    });
  });

  it("answers 404 {error} for an unknown slug", async () => {
    const res = await call(blogPost.GET, "/api/blog/nope", { params: { slug: "nope" } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "Blog post not found" });
  });
});

describe("blog HTML sanitising", () => {
  const hostile = `<h2>Safe heading</h2><p onclick="steal()">Hello <strong>bold</strong> <a href="javascript:alert(1)">bad link</a> <a href="https://example.com/x">good link</a></p>
<script>alert("xss")</script><img src="/img/item/x.svg" alt="pic" onerror="alert(2)"><iframe src="https://evil.example"></iframe><style>body{display:none}</style>`;

  it("never stores a script, an event handler or a javascript: URL, and keeps safe markup", async () => {
    const stored = await app.db.transaction().execute(async (trx) => {
      const posts = createBlogPostRepository(trx);
      await publishBlogPost(
        { ...DEMO_POSTS[1]!, slug: "hostile-post", title: "Hostile", content: hostile },
        { posts, sanitizer: app.htmlSanitizer, ids: app.ids },
      );
      return (await posts.findBySlug("hostile-post"))!.content;
    });
    const res = await call(blogPost.GET, "/api/blog/hostile-post", { params: { slug: "hostile-post" } });
    for (const html of [stored, res.body.content as string]) {
      expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|<style|alert\(/i);
      expect(html).toContain("<h2>Safe heading</h2>");
      expect(html).toContain("<strong>bold</strong>");
      expect(html).toContain('<a href="https://example.com/x">good link</a>');
      expect(html).toMatch(/<img src="\/img\/item\/x.svg" alt="pic"/);
    }
  });

  it("sanitises again when reading, so markup that reached the table another way is still safe", async () => {
    await app.db
      .updateTable("blog_posts")
      .set({ content: '<p>Kept</p><script>alert(1)</script><img src=x onerror="alert(1)">' })
      .where("slug", "=", "hostile-post")
      .execute();
    const res = await call(blogPost.GET, "/api/blog/hostile-post", { params: { slug: "hostile-post" } });
    expect(res.body.content).toContain("<p>Kept</p>");
    expect(res.body.content).not.toMatch(/<script|onerror|alert\(/);
  });
});

describe("sitemap and robots.txt", () => {
  // The sitemap itself: tests/integration/sitemap.test.ts.
  it("keeps crawlers out of private pages and the API and points to the sitemap", async () => {
    const robots = await import("#src/pages/robots.txt.ts");
    const url = new URL("http://localhost:4321/robots.txt");
    const text = await (await robots.GET({ request: new Request(url), url, params: {}, locals: { app } as never })).text();
    for (const path of ["/admin", "/dashboard", "/checkout", "/cart", "/api"]) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain("Sitemap: http://localhost:4321/sitemap.xml");
  });
});
