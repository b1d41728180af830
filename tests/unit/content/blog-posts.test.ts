import { describe, expect, it } from "vitest";
import { checkBlogPostDraft, type BlogPostDraft } from "#domain/content/blog-post.ts";
import { importBlogPosts } from "#domain/content/import-blog-posts.ts";
import { publishBlogPost } from "#domain/content/publish-blog-post.ts";
import { seedContent } from "#domain/content/seed-content.ts";
import { createInMemoryContent, scriptStrippingSanitizer } from "../../fakes/in-memory-content.ts";
import { sequentialIds } from "../../fakes/in-memory-catalogue.ts";

const draft: BlogPostDraft = {
  slug: "trading-tips",
  title: " Trading Tips ",
  excerpt: "How to trade.",
  metaDescription: "",
  keywords: "trading,  safety ,,",
  author: "Sam",
  publishedAt: "2026-11-01",
  content: "<p>Hi</p><script>alert(1)</script>",
  featured: true,
};

describe("checkBlogPostDraft", () => {
  it("trims text, tidies keywords, falls back to the excerpt for the meta description and normalises the date", () => {
    expect(checkBlogPostDraft(draft)).toEqual({
      ...draft,
      title: "Trading Tips",
      keywords: "trading, safety",
      metaDescription: "How to trade.",
      publishedAt: "2026-11-01T00:00:00.000Z",
    });
  });

  it.each([
    [{ slug: "Bad Slug" }, /not a valid slug/],
    [{ slug: "x".repeat(81) }, /not a valid slug/],
    [{ title: "  " }, /needs a title/],
    [{ excerpt: "" }, /needs an excerpt/],
    [{ author: "" }, /needs an author/],
    [{ content: " " }, /has no content/],
    [{ publishedAt: "yesterday" }, /invalid publishedAt/],
    [{ title: "x".repeat(201) }, /title is longer than 200/],
  ])("refuses %j", (change, message) => {
    expect(() => checkBlogPostDraft({ ...draft, ...change })).toThrow(message);
  });
});

describe("publishBlogPost", () => {
  it("creates a new post with a sanitised body, then updates it by slug keeping its id, and leaves identical content alone", async () => {
    const content = createInMemoryContent();
    const deps = { posts: content.repositories.posts, sanitizer: scriptStrippingSanitizer, ids: sequentialIds("post") };
    const created = await publishBlogPost(draft, deps);
    expect(created.action).toBe("created");
    expect(content.state.posts).toEqual([expect.objectContaining({ id: "post-1", slug: "trading-tips", content: "<p>Hi</p>" })]);

    const updated = await publishBlogPost({ ...draft, title: "New title" }, deps);
    expect(updated.action).toBe("updated");
    expect(content.state.posts).toEqual([expect.objectContaining({ id: "post-1", title: "New title" })]);

    expect((await publishBlogPost({ ...draft, title: "New title" }, deps)).action).toBe("unchanged");
  });
});

describe("importBlogPosts", () => {
  it("imports all drafts, or none when one is bad", async () => {
    const content = createInMemoryContent();
    const deps = { unitOfWork: content.unitOfWork, sanitizer: scriptStrippingSanitizer, ids: sequentialIds() };
    await expect(
      importBlogPosts(
        [
          { ...draft, slug: "ok" },
          { ...draft, slug: "bad", author: "" },
        ],
        deps,
      ),
    ).rejects.toThrow(/needs an author/);
    expect(content.state.posts).toEqual([]);
    const result = await importBlogPosts(
      [
        { ...draft, slug: "a" },
        { ...draft, slug: "b" },
      ],
      deps,
    );
    expect(result).toEqual([
      { slug: "a", action: "created" },
      { slug: "b", action: "created" },
    ]);
  });

  it("refuses two drafts with the same slug", async () => {
    const content = createInMemoryContent();
    const deps = { unitOfWork: content.unitOfWork, sanitizer: scriptStrippingSanitizer, ids: sequentialIds() };
    await expect(importBlogPosts([draft, { ...draft, title: "Other" }], deps)).rejects.toThrow('Two posts have the slug "trading-tips"');
    expect(content.state.posts).toEqual([]);
  });
});

describe("seedContent", () => {
  it("adds FAQs in order and posts, sanitised, and adds nothing the second time", async () => {
    const content = createInMemoryContent();
    const deps = { unitOfWork: content.unitOfWork, sanitizer: scriptStrippingSanitizer, ids: sequentialIds() };
    const faqs = [
      { question: "Q1?", answer: "A1" },
      { question: "Q2?", answer: "A2" },
    ];
    expect(await seedContent({ faqs, posts: [draft] }, deps)).toEqual({ faqsAdded: 2, postsAdded: 1 });
    expect(content.state.faqs.map((f) => [f.question, f.displayOrder])).toEqual([
      ["Q1?", 0],
      ["Q2?", 1],
    ]);
    expect(content.state.posts[0]!.content).toBe("<p>Hi</p>");
    expect(await seedContent({ faqs, posts: [draft] }, deps)).toEqual({ faqsAdded: 0, postsAdded: 0 });
  });

  it("leaves an edited post as it is", async () => {
    const content = createInMemoryContent();
    const deps = { unitOfWork: content.unitOfWork, sanitizer: scriptStrippingSanitizer, ids: sequentialIds() };
    await seedContent({ faqs: [], posts: [draft] }, deps);
    content.state.posts[0]!.title = "Edited by an editor";
    await seedContent({ faqs: [], posts: [draft] }, deps);
    expect(content.state.posts[0]!.title).toBe("Edited by an editor");
  });
});
