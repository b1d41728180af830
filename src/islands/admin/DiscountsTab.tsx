import { useStore } from "@nanostores/react";
import { useId, useState } from "react";
import type { DiscountCodeView } from "#read-models/shopping/shopping.views.ts";
import {
  canSaveDiscount,
  discountAmountStep,
  discountFormOf,
  discountFormProblem,
  discountPayload,
  EMPTY_DISCOUNT_FORM,
  type DiscountForm,
} from "#src/lib/admin-ops.ts";
import { api } from "#src/lib/api-client.ts";
import { useFieldErrors } from "#src/lib/use-field-errors.ts";
import { TextField } from "../ui/text-field.tsx";
import { $games } from "#src/stores/admin-catalogue.ts";
import { $discountCodes, DISCOUNTS_KEY, revalidate, revalidateAudit } from "#src/stores/admin-ops.ts";
import { showToast, toastError } from "#src/stores/toast.ts";
import ConfirmDialog from "./ConfirmDialog.tsx";
import { EditorActions } from "./EditorForm.tsx";
import { ListStatus } from "./ListStatus.tsx";
import { AdminSection } from "./AdminSection.tsx";
import { gameChoices, Options } from "./Options.tsx";
import { useEditing } from "./use-editing.ts";

/** Discount codes with their usage, the add/edit form (admin-panel.md 5) and delete with confirmation. */
export default function DiscountsTab() {
  const codes = useStore($discountCodes);
  const games = useStore($games).data ?? [];
  const gameName = (id: string) => games.find((g) => g.id === id)?.name ?? "one game";
  const editing = useEditing<DiscountCodeView>();
  const [toDelete, setToDelete] = useState<DiscountCodeView | null>(null);
  const [busy, setBusy] = useState(false);
  const list = codes.data ?? [];

  async function remove(code: DiscountCodeView) {
    setBusy(true);
    try {
      await api.delete(`/api/admin/discount-codes/${encodeURIComponent(code.id)}`);
      showToast({ title: "Discount Code Deleted", description: `${code.code} was deleted` });
      revalidate(DISCOUNTS_KEY);
      revalidateAudit();
      editing.closeIfEditing(code.id);
    } catch (error) {
      toastError(error, "Failed to delete discount code.");
    }
    setToDelete(null);
    setBusy(false);
  }

  return (
    <AdminSection
      id="discounts"
      title="Discount Codes"
      tools={
        <>
          <button type="button" className="btn-primary" onClick={editing.add}>
            Add Discount Code
          </button>
        </>
      }
    >
      {editing.open && <DiscountCodeForm key={editing.formKey} code={editing.row} onClose={editing.close} />}
      <ListStatus list={{ rows: codes.data, failed: Boolean(codes.error) }} noun="discount codes" empty="No discount codes yet." />
      <ul className="mt-6 space-y-2" aria-label="Discount codes">
        {list.map((code) => (
          <li key={code.id} className="card flex flex-wrap items-center gap-3 p-3" aria-label={`Discount code ${code.code}`}>
            <p className="font-mono font-bold">{code.code}</p>
            <span className={`chip ${code.status === "active" ? "" : "opacity-60"}`}>{code.status}</span>
            <p className="text-sm">{code.type === "percentage" ? `${code.amount}% off` : `$${code.amount} off`}</p>
            <p className="min-w-0 flex-1 text-sm text-slate-300">
              Used {code.usageCount}
              {code.usageLimit === null ? "" : ` / ${code.usageLimit}`} times
              {code.minPurchase ? ` · min $${code.minPurchase}` : ""}
              {code.appliesToGame ? ` · ${gameName(code.appliesToGame)} only` : ""}
              {code.endDate ? ` · ends ${code.endDate.slice(0, 10)}` : ""}
            </p>
            <div className="flex gap-2">
              <button type="button" className="btn-secondary" aria-label={`Edit ${code.code}`} onClick={() => editing.edit(code)}>
                Edit
              </button>
              <button type="button" className="btn-secondary text-red-300" aria-label={`Delete ${code.code}`} onClick={() => setToDelete(code)}>
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete discount code?"
        description={toDelete ? `${toDelete.code} will stop working at checkout. Orders that used it keep their discount.` : ""}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => toDelete && void remove(toDelete)}
        onOpenChange={(open) => !open && setToDelete(null)}
      />
    </AdminSection>
  );
}

function DiscountCodeForm({ code, onClose }: { code: DiscountCodeView | null; onClose: () => void }) {
  const games = useStore($games).data ?? [];
  const [form, setForm] = useState<DiscountForm>(() => (code ? discountFormOf(code) : EMPTY_DISCOUNT_FORM));
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof DiscountForm>(key: K, value: DiscountForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const formId = useId();
  const fieldId = (name: string) => `${formId}-${name}`;
  // The server's word on a field (a code already in use, a date it cannot read) shows under it.
  const server = useFieldErrors(["code", "amount", "startDate", "endDate", "usageLimit", "minPurchase"] as const, fieldId);

  async function save() {
    setSaving(true);
    server.clear();
    // createdBy: the server records the signed-in administrator whatever is sent.
    const { createdBy: _createdBy, ...changes } = discountPayload(form, null);
    try {
      if (code) {
        await api.patch(`/api/discount-codes/${encodeURIComponent(code.id)}`, changes);
        showToast({ title: "Discount Code Updated", description: `${changes.code} was updated` });
      } else {
        await api.post("/api/admin/discount-codes", discountPayload(form, null));
        showToast({ title: "Discount Code Created", description: `${changes.code} was created` });
      }
      revalidate(DISCOUNTS_KEY);
      revalidateAudit();
      onClose();
    } catch (error) {
      if (!server.take(error)) toastError(error, "Failed to save discount code.");
    }
    setSaving(false);
  }

  const problem = discountFormProblem(form);
  return (
    <form
      className="card mt-4 grid gap-3 p-4 sm:grid-cols-2"
      aria-label={code ? `Edit ${code.code}` : "New discount code"}
      onSubmit={(event) => {
        event.preventDefault();
        if (canSaveDiscount(form)) void save();
      }}
    >
      <TextField
        id={fieldId("code")}
        label="Code"
        value={form.code}
        maxLength={40}
        required
        onValueChange={server.typed("code", (value) => set("code", value.toUpperCase()))}
        error={server.errors.code}
      />
      <WordChoice label="Type" value={form.type} words={["percentage", "fixed"]} onChange={(type) => set("type", type)} />
      <TextField
        id={fieldId("amount")}
        label="Amount"
        type="number"
        min="0"
        step={discountAmountStep(form.type)}
        value={form.amount}
        onValueChange={server.typed("amount", (value) => set("amount", value))}
        error={server.errors.amount}
      />
      <WordChoice label="Status" value={form.status} words={["active", "inactive"]} onChange={(status) => set("status", status)} />
      {OPTIONAL_FIELDS.map(([key, label, input]) => (
        <TextField
          key={key}
          id={fieldId(key)}
          label={label}
          {...input}
          value={form[key]}
          onValueChange={server.typed(key, (value) => set(key, value))}
          error={server.errors[key]}
        />
      ))}
      <label className={FIELD}>
        Applies to game (optional)
        <select className="input" value={form.appliesToGame} onChange={(e) => set("appliesToGame", e.target.value)} aria-describedby="discount-game-hint">
          <option value="">All games</option>
          <Options choices={gameChoices(games)} />
          {form.appliesToGame !== "" && !games.some((g) => g.id === form.appliesToGame) && (
            <option value={form.appliesToGame}>Unknown game ({form.appliesToGame})</option>
          )}
        </select>
        <span id="discount-game-hint" className="text-xs text-slate-400">
          The discount counts only the items of this game in the cart.
        </span>
      </label>
      <EditorActions
        className="flex flex-wrap items-center gap-2 sm:col-span-2"
        submit={code ? "Update Code" : "Create Code"}
        busy={saving}
        disabled={problem !== null}
        onCancel={onClose}
        problem={problem}
      />
    </form>
  );
}

const FIELD = "flex flex-col gap-1 text-sm";
/** The form's optional fields, each with its input's kind. */
const OPTIONAL_FIELDS = [
  ["startDate", "Start date (optional)", { type: "date" }],
  ["endDate", "End date (optional)", { type: "date" }],
  ["usageLimit", "Usage limit (optional)", { type: "number", min: "0", step: "1" }],
  ["minPurchase", "Minimum purchase (optional)", { type: "number", min: "0", step: "0.01" }],
] as const;

/** A select among a few words, each shown as its own value ("percentage", "fixed"). */
function WordChoice<W extends string>({ label, value, words, onChange }: { label: string; value: W; words: readonly W[]; onChange: (word: W) => void }) {
  return (
    <label className={FIELD}>
      {label}
      <select className="input" value={value} onChange={(e) => onChange(e.target.value as W)}>
        <Options choices={words} />
      </select>
    </label>
  );
}
