import { useId, useState, type KeyboardEvent } from "react";
import { categoryNameProblem, moveItem } from "../../lib/admin-catalog-forms.ts";
import { normalizeCategoryName } from "../../../domain/catalog/category.ts";

export interface CategoryItem {
  id: string;
  name: string;
}

interface Props {
  categories: CategoryItem[];
  busy: boolean;
  onAdd: (name: string) => Promise<boolean>;
  onDelete: (category: CategoryItem) => void;
  onReorder: (ids: string[]) => void;
}

/**
 * A game's categories inside the game form: add with Enter or the Add button (trimmed, non-empty,
 * new in this game), delete, and move up or down.
 */
export default function CategoryManager({ categories, busy, onAdd, onDelete, onReorder }: Props) {
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  async function add() {
    const issue = categoryNameProblem(categories, name);
    setProblem(issue);
    if (issue) return;
    if (await onAdd(normalizeCategoryName(name))) setName("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter") return;
    // Enter adds the category; it must not submit the game form around it.
    event.preventDefault();
    void add();
  }

  return (
    <fieldset className="rounded-xl border border-ink-700 p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold">Categories</legend>
      <div className="flex gap-2">
        <label htmlFor={`${id}-name`} className="sr-only">
          New category
        </label>
        <input
          id={`${id}-name`}
          className="input"
          placeholder="New category, e.g. Fruits"
          value={name}
          maxLength={60}
          onChange={(e) => {
            setName(e.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
        <button type="button" className="btn-secondary shrink-0 whitespace-nowrap" onClick={() => void add()} disabled={busy || name.trim() === ""}>
          Add Category
        </button>
      </div>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="mt-2 text-sm text-red-300">
          {problem}
        </p>
      )}
      {categories.length === 0 ? (
        <p className="mt-3 text-sm text-slate-400">No categories yet.</p>
      ) : (
        <ol className="mt-3 space-y-2" aria-label="Categories in order">
          {categories.map((category, index) => (
            <li key={category.id} className="flex items-center gap-2 rounded-lg bg-ink-800 px-3 py-2">
              <span className="flex-1 truncate text-sm">{category.name}</span>
              <button
                type="button"
                className="btn-secondary px-2 py-1"
                aria-label={`Move ${category.name} up`}
                disabled={busy || index === 0}
                onClick={() => onReorder(moveItem(categories, index, -1).map((c) => c.id))}
              >
                ↑
              </button>
              <button
                type="button"
                className="btn-secondary px-2 py-1"
                aria-label={`Move ${category.name} down`}
                disabled={busy || index === categories.length - 1}
                onClick={() => onReorder(moveItem(categories, index, 1).map((c) => c.id))}
              >
                ↓
              </button>
              <button type="button" className="btn-secondary px-2 py-1 text-red-300" aria-label={`Delete category ${category.name}`} disabled={busy} onClick={() => onDelete(category)}>
                ✕
              </button>
            </li>
          ))}
        </ol>
      )}
    </fieldset>
  );
}
