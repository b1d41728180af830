import { DELIVERY_METHODS, MAX_REQUIREMENTS, type DeliveryMethod } from "#domain/catalogue/requirements.ts";
import { DELIVERY_METHOD_LABELS } from "#domain/fulfilment/delivery-steps.ts";
import type { RequirementRow, RequirementRowErrors } from "#src/lib/admin-catalogue-forms.ts";
import { Labelled } from "../ui/labelled.tsx";
import { TextField } from "../ui/text-field.tsx";
import { Options } from "./Options.tsx";

/** A requirement row's fields, in the order they stand (and take the focus when wrong). */
const PARTS = [
  { part: "code", label: "code", maxLength: 60 },
  { part: "text", label: "text", maxLength: 300 },
  { part: "url", label: "link (optional)", maxLength: 500, type: "url", className: "sm:col-span-2" },
] as const;

/**
 * Before a form with requirements is sent: when a row is wrong, its first wrong field takes the
 * focus (once the errors under the fields have rendered) and the answer is true, so nothing is
 * sent. `id` is the editor's.
 */
export function focusWrongRequirement(id: string, errors: readonly RequirementRowErrors[]): boolean {
  const wrong = errors.findIndex((rowErrors) => Object.keys(rowErrors).length > 0);
  if (wrong < 0) return false;
  const first = PARTS.find(({ part }) => errors[wrong]?.[part]);
  requestAnimationFrame(() => document.getElementById(`${id}-${wrong}-${first?.part}`)?.focus());
  return true;
}

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
              {PARTS.map(({ part, label, ...input }) => (
                <TextField
                  key={part}
                  id={field(part)}
                  label={`Requirement ${index + 1} ${label}`}
                  {...input}
                  value={row[part]}
                  onValueChange={(value) => update(index, part, value)}
                  error={shown[part]}
                />
              ))}
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
        <Options choices={DELIVERY_METHODS.map((method) => ({ value: method, label: DELIVERY_METHOD_LABELS[method] }))} />
      </select>
    </Labelled>
  );
}
