import type { BlogPost } from "#domain/content/blog-post.ts";
import type { ContentRepositories } from "#domain/content/content-repositories.port.ts";
import type { Faq } from "#domain/content/faq.ts";
import type { HtmlSanitizer } from "#domain/content/html-sanitizer.port.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";
import { inMemoryUnitOfWork } from "./in-memory-unit-of-work.ts";

/** In-memory FAQs and posts with the real store's rules: unique slugs, all-or-nothing units of work. */
export function createInMemoryContent(): {
  state: { posts: BlogPost[]; faqs: Faq[] };
  unitOfWork: UnitOfWork<ContentRepositories>;
  repositories: ContentRepositories;
} {
  const state = { posts: [] as BlogPost[], faqs: [] as Faq[] };
  const repositories: ContentRepositories = {
    posts: {
      findBySlug: async (slug) => {
        const post = state.posts.find((p) => p.slug === slug);
        return post ? { ...post } : null;
      },
      add: async (post) => {
        if (state.posts.some((p) => p.slug === post.slug)) throw new Error(`duplicate slug ${post.slug}`);
        state.posts.push({ ...post });
      },
      update: async (post) => {
        const index = state.posts.findIndex((p) => p.id === post.id);
        if (index >= 0) state.posts[index] = { ...post };
      },
    },
    faqs: {
      hasQuestion: async (question) => state.faqs.some((f) => f.question === question),
      add: async (faq) => {
        state.faqs.push({ ...faq });
      },
    },
  };
  const unitOfWork: UnitOfWork<ContentRepositories> = inMemoryUnitOfWork(state, repositories);
  return { state, unitOfWork, repositories };
}

/** A stand-in sanitizer: drops <script> elements, so a test sees that the use case sanitised. */
export const scriptStrippingSanitizer: HtmlSanitizer = {
  sanitize: (html) => html.replace(/<script[\s\S]*?<\/script>/gi, ""),
};
