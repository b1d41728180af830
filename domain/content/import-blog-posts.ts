import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { checkBlogPostDraft, type BlogPostDraft } from "./blog-post.ts";
import type { ContentRepositories } from "./content-repositories.port.ts";
import type { HtmlSanitizer } from "./html-sanitizer.port.ts";
import { publishBlogPost, type PublishAction } from "./publish-blog-post.ts";
import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";

export interface ImportedPost {
  slug: string;
  action: PublishAction;
}

/**
 * Publishes a batch of posts all or nothing: every draft is checked first, so one bad draft (or
 * two drafts with the same slug) stores none of them; then all are written in one transaction.
 * Idempotent by slug: importing the same batch twice reports every post "unchanged".
 */
export async function importBlogPosts(
  drafts: readonly BlogPostDraft[],
  deps: { unitOfWork: UnitOfWork<ContentRepositories>; sanitizer: HtmlSanitizer; ids: IdGenerator },
): Promise<ImportedPost[]> {
  const seen = new Set<string>();
  for (const draft of drafts) {
    const { slug } = checkBlogPostDraft(draft);
    if (seen.has(slug)) throw new DomainError("invalid", ErrorCode.duplicateSlug, `Two posts have the slug "${slug}"`);
    seen.add(slug);
  }
  return deps.unitOfWork.run(async (repos) => {
    const imported: ImportedPost[] = [];
    for (const draft of drafts) {
      const { action, post } = await publishBlogPost(draft, { posts: repos.posts, sanitizer: deps.sanitizer, ids: deps.ids });
      imported.push({ slug: post.slug, action });
    }
    return imported;
  });
}
