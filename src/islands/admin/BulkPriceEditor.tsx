import { useId, useState } from "react";
import { api, errorMessage, fieldErrorsOf } from "#src/lib/api-client.ts";
import { showToast } from "#src/stores/toast.ts";
import { BusyButton } from "#src/islands/ui/busy-button.tsx";
import { Labelled } from "#src/islands/ui/labelled.tsx";
import { TextField } from "#src/islands/ui/text-field.tsx";

type Mode = "set" | "percent" | "amount";

const MODES: Record<Mode, { option: string; label: string; hint: string }> = {
  set: { option: "Set the price to", label: "New price ($)", hint: "Such as 12.99; at least 0.01." },
  percent: { option: "Raise or lower by a percentage", label: "Percentage (%)", hint: "10 raises by 10%, -10 lowers by 10%." },
  amount: { option: "Raise or lower by an amount", label: "Amount ($)", hint: "1.50 raises by $1.50, -1.50 lowers by $1.50." },
};

/** What the person typed, as the bulk price API takes it; null with the field's problem when it is no number. */
function change(mode: Mode, text: string): { body: Record<string, unknown> } | { problem: string } {
  const typed = text.trim();
  if (!/^-?\d+(\.\d+)?$/.test(typed))
    return { problem: mode === "set" ? "Enter a price such as 12.99" : `Enter a number such as ${mode === "percent" ? "10 or -10" : "1.50 or -1.50"}` };
  return { body: mode === "percent" ? { percent: Number(typed) } : { [mode]: typed } };
}

/**
 * Reprices the selected products at once (set, or raise/lower by a percentage or an amount), through
 * the bulk price API: rounded to the cent, never below 0.01, an original price dropped once it is
 * no longer above the price; all or none.
 */
export default function BulkPriceEditor({ productIds, onDone, onClear }: { productIds: readonly string[]; onDone: () => void; onClear: () => void }) {
  const id = useId();
  const [mode, setMode] = useState<Mode>("percent");
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const count = productIds.length;
  const products = `${count} ${count === 1 ? "product" : "products"}`;

  async function submit() {
    const asked = change(mode, value);
    if ("problem" in asked) return setError(asked.problem);
    setError(null);
    setBusy(true);
    try {
      await api.post("/api/admin/products/bulk-price", { productIds, ...asked.body });
      showToast({ title: "Prices Changed", description: `The price of ${products} was changed` });
      setValue("");
      onDone();
    } catch (failure) {
      const fields = fieldErrorsOf(failure, ["set", "percent", "amount", "productIds"] as const);
      setError(fields[mode] ?? fields.set ?? fields.productIds ?? errorMessage(failure, "The prices could not be changed. Please try again."));
    }
    setBusy(false);
  }

  return (
    <form
      className="mt-4 rounded-xl border border-brand-600 bg-ink-900 p-3"
      aria-label="Change prices of the selected products"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="text-sm font-semibold" role="status">
        {products} selected
      </p>
      <div className="mt-2 flex flex-wrap items-start gap-3">
        <Labelled id={`${id}-mode`} label="Change" className="w-full sm:w-64">
          <select
            id={`${id}-mode`}
            className="input"
            value={mode}
            onChange={(e) => {
              setMode(e.target.value as Mode);
              setError(null);
            }}
          >
            {(Object.keys(MODES) as Mode[]).map((m) => (
              <option key={m} value={m}>
                {MODES[m].option}
              </option>
            ))}
          </select>
        </Labelled>
        <TextField
          id={`${id}-value`}
          label={MODES[mode].label}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onValueChange={setValue}
          error={error}
          announceError
          aria-describedby={`${id}-hint`}
          className="w-full sm:w-48"
        >
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-300">
            {MODES[mode].hint}
          </p>
        </TextField>
      </div>
      <div className="mt-3 flex flex-wrap gap-3">
        <BusyButton type="submit" className="btn-primary" busy={busy}>
          {busy ? "Changing…" : `Change ${products}`}
        </BusyButton>
        <button type="button" className="btn-secondary" onClick={onClear}>
          Clear selection
        </button>
      </div>
    </form>
  );
}
