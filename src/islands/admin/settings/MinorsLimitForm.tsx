import { useState, type FormEvent } from "react";
import type { MinorsSettings } from "#domain/shop-facts/shop-settings.ts";
import { formatCents } from "#domain/shared/money.ts";
import { MoneyField } from "../../ui/text-field.tsx";
import { saveSection } from "./save-section.ts";

/** The monthly limit of accounts under 18: their checkouts over it are refused, saying what is left. */
export default function MinorsLimitForm({ initial }: { initial: MinorsSettings }) {
  const [limit, setLimit] = useState(initial.monthlyLimitCents === null ? "" : formatCents(initial.monthlyLimitCents));
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    await saveSection("minors", { monthlyLimit: limit.trim() || null }, "Monthly Limit Saved");
    setBusy(false);
  }

  return (
    <form className="card space-y-4 p-5" aria-labelledby="minors-limit-heading" onSubmit={(e) => void submit(e)}>
      <h3 id="minors-limit-heading" className="text-lg font-semibold">
        Accounts under 18
      </h3>
      <p className="text-sm text-slate-300">
        A parent pays for an account under 18. With a monthly limit, its orders of a calendar month (UTC) cannot add up to more; empty: no limit.
      </p>
      <MoneyField id="minors-monthly-limit" label="Monthly limit ($)" value={limit} onValueChange={setLimit} placeholder="No limit" />
      <button type="submit" className="btn-primary" aria-disabled={busy || undefined}>
        Save Monthly Limit
      </button>
    </form>
  );
}
