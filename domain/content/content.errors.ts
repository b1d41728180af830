import { DomainError } from "../shared/domain-error.ts";

export const blogPostNotFound = () => new DomainError("not_found", "blog_post_not_found", "Blog post not found");
