import { Readable } from "node:stream";
import { CsvError, parse } from "csv-parse";
import type { CsvRecord } from "#domain/catalogue/catalogue-csv.ts";
import { DomainError } from "#domain/shared/domain-error.ts";
import { ErrorCode } from "#domain/shared/error-codes.ts";
import { invalidInput } from "./http-errors.ts";

/** The most an uploaded catalogue file may be: a grown shop's 20,000 products and their holder lines fit with room to spare. */
export const CATALOGUE_FILE_LIMIT = 10 * 1024 * 1024;

/** text/csv only: a cross-site form cannot send it without a preflight (text/plain it could). */
export function requireCsv(contentType: string | null): void {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "text/csv")
    throw new DomainError("unsupported_media_type", ErrorCode.notCsv, "Send the catalogue file as CSV (Content-Type: text/csv), as the export writes it");
}

const CHUNK = 64 * 1024;

function* chunks(text: string): Generator<string> {
  for (let at = 0; at < text.length; at += CHUNK) yield text.slice(at, at + CHUNK);
}

/**
 * The records of a CSV text, parsed as they are asked for. csv-parse does RFC 4180's quoting (a
 * name with a comma, a quote or a line break, as csv-stringify writes them for the export), which a
 * split on commas and newlines gets wrong. Fed in 64 KB pieces so that its backpressure holds: one
 * piece's records at a time, never the whole file's. Each record carries the line it starts on.
 */
export async function* csvRecords(text: string): AsyncGenerator<CsvRecord> {
  const parser = Readable.from(chunks(text)).pipe(parse({ columns: true, bom: true, info: true, raw: true, skip_empty_lines: true, relax_column_count: true }));
  try {
    for await (const { record, info, raw } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number }; raw: string }>) {
      const body = raw.replace(/^(\r?\n)+/, "").replace(/\r?\n$/, "");
      yield { line: info.lines - (body.match(/\n/g)?.length ?? 0), cells: record };
    }
  } catch (error) {
    if (error instanceof CsvError) throw invalidInput(`The file is not valid CSV: ${error.message}. Fix it in a spreadsheet or start from an exported file.`);
    throw error;
  } finally {
    parser.destroy();
  }
}
