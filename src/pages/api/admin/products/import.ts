import type { CatalogueImport } from "#domain/catalogue/catalogue-csv.ts";
import { CATALOGUE_FILE_LIMIT, csvRecords, requireCsv } from "#server/catalogue-csv-records.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, readQuery, readText, route } from "#server/http.ts";
import { CatalogueImportQuery } from "#server/schemas/bulk-catalogue.schemas.ts";

// The catalogue file back in: ?dryRun=1 answers each line's action and errors and writes nothing;
// without it, all of it in one transaction, or nothing (422 with the lines) when a line is wrong.
// The body is read whole first (10 MB at most, as text: no row objects yet), so a slow upload never
// holds the transaction open; its lines are then parsed and checked a batch at a time.
export const POST = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const { dryRun } = readQuery(context.url, CatalogueImportQuery);
  requireCsv(context.request.headers.get("content-type"));
  const text = await readText(context.request, CATALOGUE_FILE_LIMIT);
  const result = await context.locals.app.catalogue.importCatalogue(csvRecords(text), { apply: !dryRun }, admin);
  return json(result satisfies CatalogueImport);
});
