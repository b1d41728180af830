import { searchFaqs } from "#read-models/storefront/content.queries.ts";
import { json, readQuery, route } from "#server/http.ts";
import { FaqSearchQuery } from "#server/schemas/content.schemas.ts";

export const GET = route(async ({ url, locals }) => {
  const { q } = readQuery(url, FaqSearchQuery);
  return json(await searchFaqs(locals.app.db, locals.app.paymentMethods, q));
});
