import type { IdGenerator } from "../shared/id-generator.port.ts";
import { checkBlogPostDraft, type BlogPost, type BlogPostDraft } from "./blog-post.ts";
import type { BlogPostRepository } from "./blog-post-repository.port.ts";
import type { HtmlSanitizer } from "./html-sanitizer.port.ts";

export type PublishAction = "created" | "updated" | "unchanged";

/**
 * Stores a post keyed by its slug: a new slug creates a post, a known slug replaces that post's
 * fields (its id stays), identical content is left alone. The body is sanitised before it is
 * stored, whoever wrote it. Throws an "invalid" DomainError for a draft that breaks a rule.
 * Two concurrent calls for the same new slug: the database's unique slug refuses the second.
 */
export async function publishBlogPost(
  draft: BlogPostDraft,
  deps: { posts: BlogPostRepository; sanitizer: HtmlSanitizer; ids: IdGenerator },
): Promise<{ action: PublishAction; post: BlogPost }> {
  const checked = checkBlogPostDraft(draft);
  const content = deps.sanitizer.sanitize(checked.content);
  const existing = await deps.posts.findBySlug(checked.slug);
  if (!existing) {
    const post: BlogPost = { ...checked, content, id: deps.ids.newId() };
    await deps.posts.add(post);
    return { action: "created", post };
  }
  const post: BlogPost = { ...checked, content, id: existing.id };
  if (samePost(existing, post)) return { action: "unchanged", post: existing };
  await deps.posts.update(post);
  return { action: "updated", post };
}

function samePost(a: BlogPost, b: BlogPost): boolean {
  return (Object.keys(a) as (keyof BlogPost)[]).every((key) => a[key] === b[key]);
}
