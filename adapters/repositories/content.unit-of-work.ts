import type { Kysely } from "kysely";
import type { ContentRepositories } from "#domain/content/content-repositories.port.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";
import type { Database } from "../db/schema.ts";
import { createBlogPostRepository } from "./blog-post.repository.ts";
import { createFaqRepository } from "./faq.repository.ts";
import { createUnitOfWork } from "../db/unit-of-work.ts";

export function createContentUnitOfWork(db: Kysely<Database>): UnitOfWork<ContentRepositories> {
  return createUnitOfWork(db, (trx) => ({ posts: createBlogPostRepository(trx), faqs: createFaqRepository(trx) }));
}
