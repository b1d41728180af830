import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";

export const blogPostNotFound = () => new DomainError("not_found", ErrorCode.blogPostNotFound, "Blog post not found");
