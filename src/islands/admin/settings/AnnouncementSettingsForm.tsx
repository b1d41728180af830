import { useState, type FormEvent } from "react";
import type { AnnouncementSettings } from "#domain/shop-facts/shop-settings.ts";
import SaleItemsPicker from "./SaleItemsPicker.tsx";
import { isoToLocal, localToIso, saveSection } from "./save-section.ts";

/**
 * The announcement bar: a standing text without a timer, and a scheduled sale that counts down to
 * its real end and disappears after it. Its percentage lowers the chosen games' and products' prices
 * while it runs; "up to N% off" is the larger of that and the sale's discount code's percentage.
 */
export default function AnnouncementSettingsForm({ initial }: { initial: AnnouncementSettings }) {
  const [text, setText] = useState(initial.text ?? "");
  const [hasSale, setHasSale] = useState(initial.sale !== null);
  const [saleText, setSaleText] = useState(initial.sale?.text ?? "");
  const [startsAt, setStartsAt] = useState(isoToLocal(initial.sale?.startsAt));
  const [endsAt, setEndsAt] = useState(isoToLocal(initial.sale?.endsAt));
  const [code, setCode] = useState(initial.sale?.discountCode ?? "");
  const [percent, setPercent] = useState(initial.sale?.percentOff ? String(initial.sale.percentOff) : "");
  const [gameIds, setGameIds] = useState(initial.sale?.gameIds ?? []);
  const [productIds, setProductIds] = useState(initial.sale?.productIds ?? []);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const percentOff = percent ? Number(percent) : null;
    const sale = hasSale
      ? { text: saleText, startsAt: localToIso(startsAt), endsAt: localToIso(endsAt), discountCode: code || null, percentOff, gameIds, productIds }
      : null;
    await saveSection("announcement", { text: text || null, sale }, "Announcement Saved");
    setBusy(false);
  }

  return (
    <form className="card space-y-4 p-5" aria-labelledby="announcement-settings-heading" onSubmit={(e) => void submit(e)}>
      <h3 id="announcement-settings-heading" className="text-lg font-semibold">
        Announcement and sale
      </h3>
      <label className="block text-sm">
        <span className="font-semibold">Announcement (no timer; empty: no bar)</span>
        <input className="input mt-1 w-full" maxLength={160} value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={hasSale} onChange={(e) => setHasSale(e.target.checked)} />
        <span className="font-semibold">Schedule a sale</span>
      </label>
      {hasSale && (
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="sr-only">Sale</legend>
          <label className="block text-sm sm:col-span-2">
            <span className="font-semibold">Sale text</span>
            <input className="input mt-1 w-full" required maxLength={160} value={saleText} onChange={(e) => setSaleText(e.target.value)} />
          </label>
          <label className="block text-sm">
            <span className="font-semibold">Starts</span>
            <input className="input mt-1 w-full" type="datetime-local" required value={startsAt} onChange={(e) => setStartsAt(e.target.value)} />
          </label>
          <label className="block text-sm">
            <span className="font-semibold">Ends</span>
            <input className="input mt-1 w-full" type="datetime-local" required value={endsAt} onChange={(e) => setEndsAt(e.target.value)} />
          </label>
          <label className="block text-sm sm:col-span-2">
            <span className="font-semibold">Discount code (optional; a percentage code shows "up to N% off")</span>
            <input className="input mt-1 w-full font-mono" maxLength={40} value={code} onChange={(e) => setCode(e.target.value.toUpperCase())} />
          </label>
          <label className="block text-sm sm:col-span-2">
            <span className="font-semibold">Percentage off (optional, 1 to 90; no code needed)</span>
            <input
              className="input mt-1 w-full"
              type="number"
              inputMode="numeric"
              min={1}
              max={90}
              step={1}
              value={percent}
              onChange={(e) => setPercent(e.target.value)}
            />
          </label>
          {percent && <SaleItemsPicker gameIds={gameIds} productIds={productIds} onGames={setGameIds} onProducts={setProductIds} />}
        </fieldset>
      )}
      <button type="submit" className="btn-primary" aria-disabled={busy || undefined}>
        Save Announcement
      </button>
    </form>
  );
}
