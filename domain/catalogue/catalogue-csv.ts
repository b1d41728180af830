/** The catalogue file's columns (export and import alike): a product's own line, then a line per holder of it with its stock. */
export const CATALOGUE_CSV_COLUMNS = [
  "kind",
  "id",
  "game",
  "name",
  "category",
  "price",
  "originalPrice",
  "stock",
  "featured",
  "deliveryMethod",
  "holder",
  "quantity",
] as const;

export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];

/** One line of the file as the export writes it. */
export type CatalogueCsvRow = Record<CatalogueCsvColumn, string>;

/** One record of an uploaded file: the line it starts on and its cells by column name (a column the file lacks is absent). */
export interface CsvRecord {
  line: number;
  cells: Readonly<Record<string, string | undefined>>;
}

/** What an import does with a line. */
export type ImportAction = "create" | "update" | "unchanged" | "error";

/** The answer for one line: what it would do (or did), and what is wrong with it, each error naming its column and the fix. */
export interface ImportRow {
  line: number;
  action: ImportAction;
  errors: string[];
}

/** The rows' actions counted: what the audit entry and the panel's summary say. */
export type ImportCounts = Record<ImportAction, number>;

/** An import's answer: every line's verdict and their count (the 422 of a refused one carries the same). */
export interface CatalogueImport {
  rows: ImportRow[];
  counts: ImportCounts;
}

export function countActions(rows: readonly ImportRow[]): ImportCounts {
  const counts: ImportCounts = { create: 0, update: 0, unchanged: 0, error: 0 };
  for (const row of rows) counts[row.action] += 1;
  return counts;
}
