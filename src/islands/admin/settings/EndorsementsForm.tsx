import { useState, type FormEvent } from "react";
import { MAX_ENDORSEMENTS, type Endorsement, type EndorsementsSettings } from "#domain/shop-facts/shop-settings.ts";
import { saveSection } from "./save-section.ts";

/** A row as typed; a row left wholly empty is dropped when saved. */
type Row = Endorsement & { key: number };

let nextKey = 1;
const row = (endorsement: Endorsement = { name: "", sourceUrl: "" }): Row => ({ ...endorsement, key: nextKey++ });

/**
 * The creators who recommended the shop (issue 47), each with the link to where they said it: the
 * home page's "Recommended by" strip and the About page name these and no one else. None entered,
 * none shown.
 */
export default function EndorsementsForm({ initial }: { initial: EndorsementsSettings }) {
  const [rows, setRows] = useState<Row[]>(() => initial.creators.map((c) => row(c)));
  const [busy, setBusy] = useState(false);
  const set = (key: number, field: keyof Endorsement, value: string) => setRows((all) => all.map((r) => (r.key === key ? { ...r, [field]: value } : r)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const creators = rows.filter((r) => r.name.trim() || r.sourceUrl.trim()).map(({ name, sourceUrl }) => ({ name: name.trim(), sourceUrl: sourceUrl.trim() }));
    await saveSection("endorsements", { creators }, "Endorsements Saved");
    setBusy(false);
  }

  return (
    <form className="card space-y-4 p-5" aria-labelledby="endorsements-heading" onSubmit={(e) => void submit(e)}>
      <h3 id="endorsements-heading" className="text-lg font-semibold">
        Creators who recommend the shop
      </h3>
      <p className="text-sm text-slate-300">
        Shown as &quot;Recommended by&quot; on the home page and the About page, each linked to where the creator said it. Name only creators who did.
      </p>
      {rows.length === 0 && <p className="text-sm text-slate-400">None entered: the pages name no creator.</p>}
      <ol className="space-y-3">
        {rows.map((r, index) => (
          <li key={r.key}>
            <fieldset className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.5fr)_auto] sm:items-end">
              <legend className="sr-only">Creator {index + 1}</legend>
              <label className="block text-sm">
                <span>Creator&apos;s name</span>
                <input className="input mt-1 w-full" maxLength={60} required value={r.name} onChange={(e) => set(r.key, "name", e.target.value)} />
              </label>
              <label className="block text-sm">
                <span>Where they said it (https://...)</span>
                <input
                  className="input mt-1 w-full"
                  type="url"
                  pattern="https://.+"
                  maxLength={500}
                  required
                  value={r.sourceUrl}
                  onChange={(e) => set(r.key, "sourceUrl", e.target.value)}
                />
              </label>
              <button type="button" className="btn-secondary" onClick={() => setRows((all) => all.filter((x) => x.key !== r.key))}>
                Remove<span className="sr-only"> creator {index + 1}</span>
              </button>
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        {rows.length < MAX_ENDORSEMENTS && (
          <button type="button" className="btn-secondary" onClick={() => setRows((all) => [...all, row()])}>
            Add a creator
          </button>
        )}
        <button type="submit" className="btn-primary" aria-disabled={busy || undefined}>
          Save Creators
        </button>
      </div>
    </form>
  );
}
