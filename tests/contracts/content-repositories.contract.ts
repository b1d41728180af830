import { describe, expect, it } from "vitest";
import type { BlogPost } from "#domain/content/blog-post.ts";
import type { ContentRepositories } from "#domain/content/content-repositories.port.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";

let n = 0;
const unique = (tag: string) => `${tag}-${++n}-${Math.random().toString(36).slice(2, 8)}`;

function post(slug = unique("post")): BlogPost {
  return {
    id: unique("p"),
    slug,
    title: "How delivery works",
    excerpt: "In game, by the delivery team.",
    metaDescription: "Delivery",
    keywords: "delivery, roblox",
    author: "The shop",
    publishedAt: "2026-11-21T10:00:00.000Z",
    content: "<p>Hello</p>",
    featured: true,
  };
}

/**
 * What every implementation of the content module's repositories must do, run against the
 * in-memory fake (unit) and the Kysely repositories (integration, SQLite and PostgreSQL).
 */
export function contentRepositoriesContract(name: string, make: () => Promise<{ unitOfWork: UnitOfWork<ContentRepositories> }>) {
  describe(`content repositories contract: ${name}`, () => {
    it("stores a post and finds it by its slug with every field; an unknown slug is null", async () => {
      const { unitOfWork } = await make();
      const stored = post();
      await unitOfWork.run((r) => r.posts.add(stored));
      expect(await unitOfWork.run((r) => r.posts.findBySlug(stored.slug))).toEqual(stored);
      expect(await unitOfWork.run((r) => r.posts.findBySlug(unique("none")))).toBeNull();
    });

    it("refuses a second post with the same slug", async () => {
      const { unitOfWork } = await make();
      const slug = unique("post");
      await unitOfWork.run((r) => r.posts.add(post(slug)));
      await expect(unitOfWork.run((r) => r.posts.add(post(slug)))).rejects.toThrow();
    });

    it("replaces every field of a post by its id", async () => {
      const { unitOfWork } = await make();
      const stored = post();
      await unitOfWork.run((r) => r.posts.add(stored));
      const changed = { ...stored, title: "New title", content: "<p>New</p>", featured: false, publishedAt: "2026-11-22T10:00:00.000Z" };
      await unitOfWork.run((r) => r.posts.update(changed));
      expect(await unitOfWork.run((r) => r.posts.findBySlug(stored.slug))).toEqual(changed);
    });

    it("knows a FAQ by its exact question", async () => {
      const { unitOfWork } = await make();
      const question = `${unique("q")} How long does delivery take?`;
      expect(await unitOfWork.run((r) => r.faqs.hasQuestion(question))).toBe(false);
      await unitOfWork.run((r) => r.faqs.add({ id: unique("f"), question, answer: "Minutes.", displayOrder: 1 }));
      expect(await unitOfWork.run((r) => r.faqs.hasQuestion(question))).toBe(true);
      expect(await unitOfWork.run((r) => r.faqs.hasQuestion(question.toUpperCase()))).toBe(false);
    });

    it("keeps nothing of a unit of work that fails", async () => {
      const { unitOfWork } = await make();
      const stored = post();
      const question = unique("q");
      await expect(
        unitOfWork.run(async (r) => {
          await r.posts.add(stored);
          await r.faqs.add({ id: unique("f"), question, answer: "A", displayOrder: 1 });
          throw new Error("the import failed halfway");
        }),
      ).rejects.toThrow("the import failed halfway");
      expect(await unitOfWork.run((r) => r.posts.findBySlug(stored.slug))).toBeNull();
      expect(await unitOfWork.run((r) => r.faqs.hasQuestion(question))).toBe(false);
    });
  });
}
