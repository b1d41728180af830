import type { Kysely } from "kysely";
import type { ContentRepositories } from "../../domain/content/content-repositories.port.ts";
import type { UnitOfWork } from "../../domain/shared/unit-of-work.port.ts";
import type { Database } from "../db/schema.ts";
import { createBlogPostRepository } from "./blog-post.repository.ts";
import { createFaqRepository } from "./faq.repository.ts";

export function createContentUnitOfWork(db: Kysely<Database>): UnitOfWork<ContentRepositories> {
  return {
    run: (work) => db.transaction().execute((trx) => work({ posts: createBlogPostRepository(trx), faqs: createFaqRepository(trx) })),
  };
}
