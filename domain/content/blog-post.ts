import { DomainError } from "../shared/domain-error.ts";
import { isSlug } from "../shared/slug.ts";
import { ErrorCode } from "../shared/error-codes.ts";

/**
 * A blog article. `content` is HTML that has been through the HtmlSanitizer port; `publishedAt` is
 * an ISO-8601 UTC instant; `keywords` is the comma-separated list used for the meta keywords.
 */
export interface BlogPost {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  metaDescription: string;
  keywords: string;
  author: string;
  publishedAt: string;
  content: string;
  featured: boolean;
}

/** What an author (the seed, the Markdown import) provides; the id and the sanitising are the store's. */
export type BlogPostDraft = Omit<BlogPost, "id">;

const LIMITS = { title: 200, excerpt: 500, metaDescription: 300, keywords: 500, author: 100 } as const;

function invalidPost(message: string): DomainError {
  return new DomainError("invalid", ErrorCode.invalidBlogPost, message);
}

/**
 * The rules every stored post keeps: a URL-safe slug, a title, an excerpt, an author, a body and a
 * valid publication instant. A blank meta description falls back to the excerpt. Returns the draft
 * with its text trimmed; throws an "invalid" DomainError naming the first rule broken.
 */
export function checkBlogPostDraft(draft: BlogPostDraft): BlogPostDraft {
  const slug = draft.slug.trim();
  if (!isSlug(slug) || slug.length > 80) throw invalidPost(`"${draft.slug}" is not a valid slug: use lower-case letters, digits and hyphens`);
  const text = {
    title: draft.title.trim(),
    excerpt: draft.excerpt.trim(),
    metaDescription: draft.metaDescription.trim() || draft.excerpt.trim(),
    keywords: draft.keywords
      .split(",")
      .map((k) => k.trim())
      .filter(Boolean)
      .join(", "),
    author: draft.author.trim(),
  };
  for (const [field, value] of Object.entries(text) as [keyof typeof LIMITS, string][]) {
    if (value.length > LIMITS[field]) throw invalidPost(`${field} is longer than ${LIMITS[field]} characters`);
  }
  if (!text.title) throw invalidPost(`Post "${slug}" needs a title`);
  if (!text.excerpt) throw invalidPost(`Post "${slug}" needs an excerpt`);
  if (!text.author) throw invalidPost(`Post "${slug}" needs an author`);
  if (!draft.content.trim()) throw invalidPost(`Post "${slug}" has no content`);
  const published = new Date(draft.publishedAt);
  if (Number.isNaN(published.getTime())) throw invalidPost(`Post "${slug}" has an invalid publishedAt date`);
  return { ...draft, ...text, slug, publishedAt: published.toISOString() };
}
