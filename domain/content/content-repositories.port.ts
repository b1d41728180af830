import type { BlogPostRepository } from "./blog-post-repository.port.ts";
import type { FaqRepository } from "./faq-repository.port.ts";

/** The repositories a content unit of work hands to its work, bound to one transaction. */
export interface ContentRepositories {
  posts: BlogPostRepository;
  faqs: FaqRepository;
}
