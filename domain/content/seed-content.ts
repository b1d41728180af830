import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import type { BlogPostDraft } from "./blog-post.ts";
import type { ContentRepositories } from "./content-repositories.port.ts";
import type { HtmlSanitizer } from "./html-sanitizer.port.ts";
import { publishBlogPost } from "./publish-blog-post.ts";

export interface SeedFaq {
  question: string;
  answer: string;
}

export interface ContentSeedResult {
  postsAdded: number;
  faqsAdded: number;
}

/**
 * Adds the demo FAQs and blog posts that are missing (FAQs matched by question, posts by slug), in
 * one transaction. Idempotent; what is already stored is left as an editor may have changed it.
 */
export async function seedContent(
  content: { faqs: readonly SeedFaq[]; posts: readonly BlogPostDraft[] },
  deps: { unitOfWork: UnitOfWork<ContentRepositories>; sanitizer: HtmlSanitizer; ids: IdGenerator },
): Promise<ContentSeedResult> {
  return deps.unitOfWork.run(async (repos) => {
    const result: ContentSeedResult = { postsAdded: 0, faqsAdded: 0 };
    for (const [index, faq] of content.faqs.entries()) {
      if (await repos.faqs.hasQuestion(faq.question)) continue;
      await repos.faqs.add({ id: deps.ids.newId(), question: faq.question, answer: faq.answer, displayOrder: index });
      result.faqsAdded += 1;
    }
    for (const draft of content.posts) {
      if (await repos.posts.findBySlug(draft.slug)) continue;
      await publishBlogPost(draft, { posts: repos.posts, sanitizer: deps.sanitizer, ids: deps.ids });
      result.postsAdded += 1;
    }
    return result;
  });
}
