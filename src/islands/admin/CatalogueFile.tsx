import { useId, useRef, useState } from "react";
import type { CatalogueImport } from "#domain/catalogue/catalogue-csv.ts";
import { api, ApiError, errorMessage } from "#src/lib/api-client.ts";
import { showToast } from "#src/stores/toast.ts";
import { BusyButton } from "#src/islands/ui/busy-button.tsx";
import { FieldError, invalidWhen } from "#src/islands/ui/text-field.tsx";
import ImportResults, { importSummary } from "./ImportResults.tsx";

/** The server's limit (src/server/catalogue-csv-records.ts), said before the upload. */
const MAX_FILE_BYTES = 10 * 1024 * 1024;
const IMPORT = "/api/admin/products/import";

type Checked = { name: string; text: string; result: CatalogueImport };

/** A refused import's answer carries every line's verdict (422): the table shows where. */
function linesOf(error: unknown): CatalogueImport | null {
  if (!(error instanceof ApiError) || !Array.isArray(error.body["rows"])) return null;
  return { rows: error.body["rows"] as CatalogueImport["rows"], counts: error.body["counts"] as CatalogueImport["counts"] };
}

/**
 * The catalogue as a file: Export CSV downloads it; Import CSV runs a dry run of the chosen file
 * first and shows what each line would do, and Apply then writes it all in one transaction.
 */
export default function CatalogueFile({ onImported }: { onImported: () => void }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [checking, setChecking] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function check(file: File | undefined) {
    setChecked(null);
    setError(null);
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) return setError("This file is larger than 10 MB: split it into smaller files and import each.");
    setChecking(file.name);
    try {
      const text = await file.text();
      // Choosing the same file again (fixed) must run the check again: an unchanged input fires no change.
      if (input.current) input.current.value = "";
      const result = await api.postText<CatalogueImport>(`${IMPORT}?dryRun=1`, text, "text/csv");
      setChecked({ name: file.name, text, result });
    } catch (failure) {
      setError(errorMessage(failure, "The file could not be checked. Please try again."));
    }
    setChecking(null);
  }

  async function apply() {
    if (!checked) return;
    setApplying(true);
    try {
      const result = await api.postText<CatalogueImport>(IMPORT, checked.text, "text/csv");
      showToast({ title: "Catalogue Imported", description: importSummary(result, true) });
      setChecked(null);
      if (input.current) input.current.value = "";
      onImported();
    } catch (failure) {
      const lines = linesOf(failure);
      if (lines) setChecked({ ...checked, result: lines });
      setError(errorMessage(failure, "The file could not be imported. Please try again."));
    }
    setApplying(false);
  }

  const counts = checked?.result.counts;
  const nothingToDo = counts !== undefined && counts.create + counts.update === 0;
  const blocked = counts !== undefined && counts.error > 0;
  return (
    <section className="mt-4 rounded-xl border border-ink-700 bg-ink-900 p-3" aria-label="Catalogue file">
      <div className="flex flex-wrap items-end gap-3">
        <a className="btn-secondary" href="/api/admin/products/export.csv" download="catalogue.csv">
          Export CSV
        </a>
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
            Import CSV
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            className="input"
            onChange={(e) => void check(e.target.files?.[0])}
            {...invalidWhen(inputId, error, `${inputId}-hint`)}
          />
          <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-300">
            The columns of the export. The file is checked first; nothing changes until you apply it.
          </p>
          <FieldError id={inputId} error={error} announce />
        </div>
      </div>
      {checking && (
        <p className="mt-3 text-sm" role="status">
          Checking {checking}…
        </p>
      )}
      {checked && (
        <div className="mt-3">
          <p className="text-sm" role="status">
            {checked.name}: {checked.result.rows.length.toLocaleString("en-US")} lines, {importSummary(checked.result)}.
          </p>
          <ImportResults key={`${checked.name}-${checked.result.counts.error}`} result={checked.result} />
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <BusyButton type="button" className="btn-primary" busy={applying} disabled={blocked || nothingToDo} onClick={() => void apply()}>
              {applying ? "Applying…" : "Apply"}
            </BusyButton>
            <button
              type="button"
              className="btn-secondary"
              onClick={() => {
                setChecked(null);
                setError(null);
                if (input.current) input.current.value = "";
              }}
            >
              Cancel
            </button>
            {(blocked || nothingToDo) && (
              <p className="text-sm text-slate-300">{blocked ? "Fix the lines with errors and choose the file again." : "Nothing to apply."}</p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
