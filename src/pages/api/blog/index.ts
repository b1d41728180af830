import { listBlogPosts } from "#read-models/storefront/content.queries.ts";
import { json, route } from "#server/http.ts";

export const GET = route(async ({ locals }) => json(await listBlogPosts(locals.app.db)));
