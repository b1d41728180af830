import { DELIVERY_METHODS, MAX_REQUIREMENTS, type DeliveryMethod } from "#domain/catalogue/requirements.ts";
import { DELIVERY_METHOD_LABELS } from "#domain/fulfilment/delivery-steps.ts";
import type { RequirementRow, RequirementRowErrors } from "#src/lib/admin-catalogue-forms.ts";
import { Labelled } from "../ui/labelled.tsx";
import { TextField } from "../ui/text-field.tsx";

/**
 * What a buyer's account must have (a code, the text the shopper ticks at checkout, an optional
 * guide link), a row each, added and removed here; each field says what is wrong under it once
 * `showErrors` (the admin tried to save). The form sends the rows with its save.
 */
export function RequirementsEditor({
  id,
  rows,
  errors,
  showErrors,
  onChange,
}: {
  id: string;
  rows: RequirementRow[];
  errors: RequirementRowErrors[];
  showErrors: boolean;
  onChange: (rows: RequirementRow[]) => void;
}) {
  const update = (index: number, part: keyof RequirementRow, value: string) => onChange(rows.map((row, i) => (i === index ? { ...row, [part]: value } : row)));
  return (
    <fieldset className="space-y-3 sm:col-span-2">
      <legend className="text-sm font-medium">Requirements</legend>
      <p className="text-xs text-slate-400">What the buyer's Roblox account must have; checkout asks them to tick each one before paying.</p>
      {rows.length === 0 && <p className="text-sm text-slate-400">No requirements.</p>}
      <ol className="space-y-3">
        {rows.map((row, index) => {
          const shown = showErrors ? (errors[index] ?? {}) : {};
          const field = (part: string) => `${id}-${index}-${part}`;
          return (
            <li key={index} className="grid gap-2 rounded-lg border border-ink-700 p-3 sm:grid-cols-[12rem_1fr]">
              <TextField
                id={field("code")}
                label={`Requirement ${index + 1} code`}
                value={row.code}
                maxLength={60}
                onValueChange={(value) => update(index, "code", value)}
                error={shown.code}
              />
              <TextField
                id={field("text")}
                label={`Requirement ${index + 1} text`}
                value={row.text}
                maxLength={300}
                onValueChange={(value) => update(index, "text", value)}
                error={shown.text}
              />
              <TextField
                id={field("url")}
                label={`Requirement ${index + 1} link (optional)`}
                type="url"
                className="sm:col-span-2"
                value={row.url}
                maxLength={500}
                onValueChange={(value) => update(index, "url", value)}
                error={shown.url}
              />
              <div>
                <button type="button" className="btn-secondary" onClick={() => onChange(rows.filter((_, i) => i !== index))}>
                  Remove requirement {index + 1}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {rows.length < MAX_REQUIREMENTS && (
        <button type="button" className="btn-secondary" onClick={() => onChange([...rows, { code: "", text: "", url: "" }])}>
          Add requirement
        </button>
      )}
    </fieldset>
  );
}

/** How the items reach the buyer: the delivery method's select. */
export function DeliveryMethodField({ id, value, onChange }: { id: string; value: DeliveryMethod; onChange: (value: DeliveryMethod) => void }) {
  return (
    <Labelled id={id} label="Delivery method">
      <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value as DeliveryMethod)}>
        {DELIVERY_METHODS.map((method) => (
          <option key={method} value={method}>
            {DELIVERY_METHOD_LABELS[method]}
          </option>
        ))}
      </select>
    </Labelled>
  );
}
