import { useId, useState, type KeyboardEvent } from "react";
import { categoryNameProblem, moveItem } from "#src/lib/admin-catalogue-forms.ts";
import { normalizeCategoryName } from "#domain/catalogue/category.ts";
import { BusyButton } from "../ui/busy-button.tsx";
import { MoveButtons } from "./MoveButtons.tsx";

export interface CategoryItem {
  id: string;
  name: string;
}

interface Props {
  categories: CategoryItem[];
  busy: boolean;
  onAdd: (name: string) => Promise<boolean>;
  onDelete: (category: CategoryItem) => void;
  onRename: (category: CategoryItem, name: string) => void;
  onReorder: (ids: string[]) => void;
}

/**
 * A game's categories inside the game form: add with Enter or the Add button (trimmed, non-empty,
 * new in this game), rename in place (Enter keeps, Escape cancels), delete, and move up or down.
 */
export default function CategoryManager({ categories, busy, onAdd, onDelete, onRename, onReorder }: Props) {
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: string; name: string; problem: string | null } | null>(null);
  const id = useId();

  function keepRename() {
    if (!editing) return;
    const category = categories.find((c) => c.id === editing.id);
    if (!category) return setEditing(null);
    const others = categories.filter((c) => c.id !== editing.id);
    const issue = categoryNameProblem(others, editing.name);
    if (issue) return setEditing({ ...editing, problem: issue });
    const newName = normalizeCategoryName(editing.name);
    if (newName !== category.name) onRename(category, newName);
    setEditing(null);
  }

  function onRenameKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter keeps the new name without submitting the game form; Escape leaves the name as it was.
    if (event.key === "Enter") {
      event.preventDefault();
      keepRename();
    } else if (event.key === "Escape") {
      event.preventDefault();
      setEditing(null);
    }
  }

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
        <BusyButton type="button" className="btn-secondary shrink-0 whitespace-nowrap" onClick={() => void add()} busy={busy} disabled={name.trim() === ""}>
          Add Category
        </BusyButton>
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
          {categories.map((category, index) =>
            editing?.id === category.id ? (
              <li key={category.id} className="rounded-lg bg-ink-800 px-3 py-2">
                <div className="flex items-center gap-2">
                  <label htmlFor={`${id}-rename`} className="sr-only">
                    New name for {category.name}
                  </label>
                  <input
                    id={`${id}-rename`}
                    className="input min-w-0 flex-1"
                    value={editing.name}
                    maxLength={60}
                    autoFocus
                    onChange={(e) => setEditing({ ...editing, name: e.target.value, problem: null })}
                    onKeyDown={onRenameKeyDown}
                    aria-invalid={editing.problem !== null}
                    aria-describedby={editing.problem ? `${id}-rename-problem` : undefined}
                  />
                  <button type="button" className="btn-secondary shrink-0 px-2 py-1" onClick={keepRename}>
                    Keep
                  </button>
                  <button type="button" className="btn-secondary shrink-0 px-2 py-1" onClick={() => setEditing(null)}>
                    Cancel
                  </button>
                </div>
                {editing.problem && (
                  <p id={`${id}-rename-problem`} role="alert" className="mt-2 text-sm text-red-300">
                    {editing.problem}
                  </p>
                )}
              </li>
            ) : (
              <li key={category.id} className="flex items-center gap-2 rounded-lg bg-ink-800 px-3 py-2">
                <span className="flex-1 truncate text-sm">{category.name}</span>
                <BusyButton
                  type="button"
                  className="btn-secondary px-2 py-1"
                  aria-label={`Rename category ${category.name}`}
                  busy={busy}
                  onClick={() => setEditing({ id: category.id, name: category.name, problem: null })}
                >
                  ✎
                </BusyButton>
                <MoveButtons
                  name={category.name}
                  index={index}
                  count={categories.length}
                  busy={busy}
                  className="btn-secondary px-2 py-1"
                  onMove={(step) => onReorder(moveItem(categories, index, step).map((c) => c.id))}
                />
                <BusyButton
                  type="button"
                  className="btn-secondary px-2 py-1 text-red-300"
                  aria-label={`Delete category ${category.name}`}
                  busy={busy}
                  onClick={() => onDelete(category)}
                >
                  ✕
                </BusyButton>
              </li>
            ),
          )}
        </ol>
      )}
    </fieldset>
  );
}
