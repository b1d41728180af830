import { useId, useMemo, useState } from "react";
import type { CatalogueImport, ImportAction } from "#domain/catalogue/catalogue-csv.ts";
import Pager from "./Pager.tsx";

/** Lines shown at a time: a grown shop's file has 20,000 and more. */
export const IMPORT_ROWS_PAGE = 50;

const ACTION_WORDS: Record<ImportAction, string> = { create: "Create", update: "Update", unchanged: "Unchanged", error: "Error" };

/** "3 to create, 12 to update, 19,985 unchanged, 2 with errors". */
export function importSummary({ counts }: CatalogueImport, done = false): string {
  const verb = (word: string) => (done ? word : `to ${word.replace(/d$/, "")}`);
  return [
    `${counts.create.toLocaleString("en-US")} ${verb("created")}`,
    `${counts.update.toLocaleString("en-US")} ${verb("updated")}`,
    `${counts.unchanged.toLocaleString("en-US")} unchanged`,
    `${counts.error.toLocaleString("en-US")} with errors`,
  ].join(", ");
}

/**
 * The dry run's verdict line by line: line, action and errors, a page at a time. The lines that
 * change or are wrong come alone by default (a round trip's 20,000 unchanged lines would bury them).
 */
export default function ImportResults({ result }: { result: CatalogueImport }) {
  const toggleId = useId();
  const [showUnchanged, setShowUnchanged] = useState(false);
  const [page, setPage] = useState(0);
  const rows = useMemo(() => (showUnchanged ? result.rows : result.rows.filter((r) => r.action !== "unchanged")), [result, showUnchanged]);
  const shown = rows.slice(page * IMPORT_ROWS_PAGE, (page + 1) * IMPORT_ROWS_PAGE);
  return (
    <div className="mt-3">
      <label htmlFor={toggleId} className="flex items-center gap-2 text-sm">
        <input
          id={toggleId}
          type="checkbox"
          checked={showUnchanged}
          onChange={(e) => {
            setShowUnchanged(e.target.checked);
            setPage(0);
          }}
        />
        Show unchanged lines too
      </label>
      {shown.length === 0 ? (
        <p className="mt-3 text-sm text-slate-300">No line of the file changes anything.</p>
      ) : (
        <div className="mt-3 overflow-x-auto rounded-xl border border-ink-700">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">What each line of the file does</caption>
            <thead className="bg-ink-800">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Line
                </th>
                <th scope="col" className="px-3 py-2">
                  Action
                </th>
                <th scope="col" className="px-3 py-2">
                  Errors
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-700">
              {shown.map((row) => (
                <tr key={row.line}>
                  <td className="px-3 py-2 align-top tabular-nums">{row.line}</td>
                  <td className={`px-3 py-2 align-top ${row.action === "error" ? "font-semibold text-red-300" : ""}`}>{ACTION_WORDS[row.action]}</td>
                  <td className="px-3 py-2 align-top break-words">
                    {row.errors.length === 0 ? (
                      <span className="text-slate-300">None</span>
                    ) : (
                      <ul className="list-disc space-y-1 pl-4">
                        {row.errors.map((error) => (
                          <li key={error}>{error}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager label="Import lines pages" page={page} pageSize={IMPORT_ROWS_PAGE} total={rows.length} onPage={setPage} />
    </div>
  );
}
