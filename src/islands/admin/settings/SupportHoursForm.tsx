import { useState, type FormEvent } from "react";
import type { SupportHoursSettings } from "#domain/shop-facts/shop-settings.ts";
import { saveSection } from "./save-section.ts";

/** The support hours shown with "We're offline, we reply by email within 24 hours". */
export default function SupportHoursForm({ initial }: { initial: SupportHoursSettings }) {
  const [hours, setHours] = useState(initial.hours ?? "");
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    await saveSection("support", { hours: hours || null }, "Support Hours Saved");
    setBusy(false);
  }

  return (
    <form className="card space-y-4 p-5" aria-labelledby="support-hours-heading" onSubmit={(e) => void submit(e)}>
      <h3 id="support-hours-heading" className="text-lg font-semibold">
        Support hours
      </h3>
      <p className="text-sm text-slate-300">
        The chat shows how many staff have the Support or Orders tab open, and the median first reply of the last 7 days; these hours are shown with them.
      </p>
      <label className="block text-sm">
        <span className="font-semibold">Hours (e.g. Mon-Fri 9:00-18:00 UTC)</span>
        <input className="input mt-1 w-full" maxLength={120} value={hours} onChange={(e) => setHours(e.target.value)} />
      </label>
      <button type="submit" className="btn-primary" aria-disabled={busy || undefined}>
        Save Support Hours
      </button>
    </form>
  );
}
