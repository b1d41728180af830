import { describe, expect, it } from "vitest";
import { parseMarkdownPost } from "#adapters/content/markdown-posts.reader.ts";
import { createSanitizeHtmlSanitizer } from "#adapters/content/sanitize-html.sanitizer.ts";

const sanitizer = createSanitizeHtmlSanitizer();

describe("sanitize-html sanitizer (HtmlSanitizer adapter)", () => {
  it.each([
    ["<p>a</p><script>alert(1)</script>", "<p>a</p>"],
    ['<img src="/x.svg" onerror="alert(1)" alt="x">', '<img src="/x.svg" alt="x" loading="lazy" />'],
    ['<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="data:text/html,hi">x</a>', "<a>x</a>"],
    ['<p style="color:red" onclick="x()">t</p>', "<p>t</p>"],
    ['<iframe src="https://evil.example"></iframe><style>*{}</style><form><input></form>', ""],
    ["<svg><script>alert(1)</script></svg>", ""],
  ])("makes %s safe", (input, expected) => {
    expect(sanitizer.sanitize(input)).toBe(expected);
  });

  it("keeps article formatting, turns an h1 into an h2 and protects new-tab links", () => {
    expect(sanitizer.sanitize("<h1>T</h1><h3>S</h3><ul><li><strong>b</strong> <em>i</em></li></ul><blockquote>q</blockquote>")).toBe(
      "<h2>T</h2><h3>S</h3><ul><li><strong>b</strong> <em>i</em></li></ul><blockquote>q</blockquote>",
    );
    expect(sanitizer.sanitize('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it("is idempotent", () => {
    const once = sanitizer.sanitize('<p>a <a href="https://e.com" target="_blank">l</a><img src="/i.svg"></p>');
    expect(sanitizer.sanitize(once)).toBe(once);
  });
});

describe("parseMarkdownPost", () => {
  it("reads front matter and renders the body as HTML; the slug defaults to the file name", () => {
    const draft = parseMarkdownPost("my-post.md", "---\ntitle: T\nexcerpt: E\nauthor: A\npublishedAt: 2026-01-02\nkeywords: [x, y]\n---\nHello **there**\n");
    expect(draft).toEqual({
      slug: "my-post",
      title: "T",
      excerpt: "E",
      metaDescription: "",
      keywords: "x, y",
      author: "A",
      publishedAt: "2026-01-02T00:00:00.000Z",
      featured: false,
      content: "<p>Hello <strong>there</strong></p>\n",
    });
  });

  it.each([
    ["---\ntitle: [oops\n---\nx", /x\.md: the front matter is not valid YAML/],
    ["---\ntitle: T\nexcerpt: E\nauthor: A\n---\nx", /x\.md: front matter field "publishedAt" is missing or invalid/],
    ["---\ntitle: T\nexcerpt: E\nauthor: A\npublishedAt: someday\n---\nx", /publishedAt "someday" is not a date/],
    ["---\ntitle: T\nexcerpt: E\nauthor: A\npublishedAt: 2026-01-01\n---\n  \n", /x\.md: the post has no body/],
  ])("names the file and the problem for bad input %#", (text, message) => {
    expect(() => parseMarkdownPost("x.md", text)).toThrow(message);
  });
});
