import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { CATALOGUE_CSV_COLUMNS } from "#domain/catalogue/catalogue-csv.ts";
import { catalogueRows } from "#read-models/admin/catalogue-export.query.ts";
import { requireAdmin } from "#server/guards.ts";
import { route } from "#server/http.ts";

// The catalogue as CSV, streamed: a batch of products is read, written and let go before the next,
// so a 20,000-product shop is never held in memory whole. csv-stringify quotes as RFC 4180 says
// (a name with a comma, a quote or a line break round-trips).
export const GET = route(async (context) => {
  await requireAdmin(context, "catalogue");
  const csv = Readable.from(catalogueRows(context.locals.app.db)).pipe(stringify({ header: true, columns: [...CATALOGUE_CSV_COLUMNS] }));
  return new Response(Readable.toWeb(csv) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="catalogue.csv"',
      "Cache-Control": "no-store",
    },
  });
});
