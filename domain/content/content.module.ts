import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import type { BlogPostDraft } from "./blog-post.ts";
import type { BlogPostSource } from "./blog-post-source.port.ts";
import type { ContentRepositories } from "./content-repositories.ts";
import type { HtmlSanitizer } from "./html-sanitizer.port.ts";
import { importBlogPosts } from "./import-blog-posts.ts";
import { seedContent, type SeedFaq } from "./seed-content.ts";

/** What the content module needs, bound once by the composition root. */
export interface ContentModuleDeps {
  /** FAQs and blog posts in one transaction. */
  unitOfWork: UnitOfWork<ContentRepositories>;
  /** Cleans a post's HTML before it is stored. */
  sanitizer: HtmlSanitizer;
  /** The authors' posts an import reads (Markdown files). */
  posts: BlogPostSource;
  ids: IdGenerator;
}

/**
 * FAQs and blog posts, ready to call: `app.content.importBlogPosts(drafts)`. Reading them is the
 * storefront's read models' job; this module writes them (the Markdown import and the demo seed).
 */
export function createContentModule(deps: ContentModuleDeps) {
  const writing = { unitOfWork: deps.unitOfWork, sanitizer: deps.sanitizer, ids: deps.ids };
  return {
    /** Every post found at `location` (a folder), read and checked before anything is stored. */
    readBlogPostDrafts: (location: string) => deps.posts.read(location),
    importBlogPosts: (drafts: readonly BlogPostDraft[]) => importBlogPosts(drafts, writing),
    seedContent: (content: { faqs: readonly SeedFaq[]; posts: readonly BlogPostDraft[] }) => seedContent(content, writing),
  };
}

export type ContentModule = ReturnType<typeof createContentModule>;
