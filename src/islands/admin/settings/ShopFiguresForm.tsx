import { useState, type FormEvent } from "react";
import type { ShopFiguresSettings, StatedFigure } from "#domain/shop-facts/shop-settings.ts";
import { saveSection } from "./save-section.ts";

type FigureKey = keyof ShopFiguresSettings;
const FIGURES: { key: FigureKey; label: string; example: string }[] = [
  { key: "rating", label: "Rating", example: "Rated 4.6 on Trustpilot" },
  { key: "customers", label: "Customers", example: "12,000 customers since 2021" },
];

/**
 * Shop-wide figures in the owner's words, each with the page it comes from (a review site, say).
 * Computed figures (the buyers' published ratings, the registered shoppers) are shown first when
 * there are any; without either a figure is not shown.
 */
export default function ShopFiguresForm({ initial }: { initial: ShopFiguresSettings }) {
  const [form, setForm] = useState<Record<FigureKey, StatedFigure>>({
    rating: initial.rating ?? { text: "", sourceUrl: "" },
    customers: initial.customers ?? { text: "", sourceUrl: "" },
  });
  const [busy, setBusy] = useState(false);
  const set = (key: FigureKey, field: keyof StatedFigure, value: string) => setForm((f) => ({ ...f, [key]: { ...f[key], [field]: value } }));
  const figure = (key: FigureKey) => (form[key].text.trim() || form[key].sourceUrl.trim() ? form[key] : null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    await saveSection("figures", { rating: figure("rating"), customers: figure("customers") }, "Figures Saved");
    setBusy(false);
  }

  return (
    <form className="card space-y-4 p-5" aria-labelledby="figures-heading" onSubmit={(e) => void submit(e)}>
      <h3 id="figures-heading" className="text-lg font-semibold">
        Shop-wide figures
      </h3>
      {FIGURES.map(({ key, label, example }) => (
        <fieldset key={key} className="grid gap-3 sm:grid-cols-2">
          <legend className="text-sm font-semibold">{label}</legend>
          <label className="block text-sm">
            <span>Text (e.g. {example})</span>
            <input className="input mt-1 w-full" maxLength={120} value={form[key].text} onChange={(e) => set(key, "text", e.target.value)} />
          </label>
          <label className="block text-sm">
            <span>Source link (https://...)</span>
            <input
              className="input mt-1 w-full"
              type="url"
              maxLength={500}
              value={form[key].sourceUrl}
              onChange={(e) => set(key, "sourceUrl", e.target.value)}
            />
          </label>
        </fieldset>
      ))}
      <button type="submit" className="btn-primary" aria-disabled={busy || undefined}>
        Save Figures
      </button>
    </form>
  );
}
