import { blogPostNotFound } from "#domain/content/content.errors.ts";
import { findBlogPost } from "#read-models/storefront/content.queries.ts";
import { json, param, route } from "#server/http.ts";

export const GET = route(async (context) => {
  const { db, htmlSanitizer } = context.locals.app;
  const post = await findBlogPost(db, param(context, "slug"), htmlSanitizer);
  if (!post) throw blogPostNotFound();
  return json(post);
});
