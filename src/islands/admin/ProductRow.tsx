import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useId } from "react";
import type { AdminProductView } from "#read-models/storefront/catalogue.views.ts";

/** One product of the Products tab: its checkbox (for bulk price edits), picture, prices and stock, Edit and the other actions. */
export default function ProductRow({
  product,
  showGame,
  selected,
  onSelect,
  onEdit,
  onDuplicate,
  onDelete,
}: {
  product: AdminProductView;
  showGame: boolean;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onEdit: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
}) {
  const checkId = useId();
  return (
    <li className="flex flex-wrap items-center gap-3 p-3">
      <input
        id={checkId}
        type="checkbox"
        className="h-5 w-5 shrink-0"
        checked={selected}
        onChange={(e) => onSelect(e.target.checked)}
        aria-label={`Select ${product.name}`}
      />
      <img src={product.image} alt="" width="48" height="48" className="h-12 w-12 shrink-0 rounded-lg bg-ink-800 object-cover" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words">{product.name}</p>
        <p className="text-xs text-slate-300">
          {product.featured === 1 && <span className="mr-1.5 rounded bg-brand-600 px-1.5 py-0.5 font-bold text-white">Featured</span>}${product.price}
          {product.originalPrice && <span className="ml-1 line-through opacity-70">${product.originalPrice}</span>} · Stock {product.stock}
          {showGame ? ` · ${product.gameName}` : ""}
        </p>
      </div>
      <div className="flex gap-2">
        <button type="button" className="btn-secondary" onClick={onEdit} aria-label={`Edit ${product.name}`}>
          Edit
        </button>
        <DropdownMenu.Root>
          <DropdownMenu.Trigger className="btn-secondary" aria-label={`More actions for ${product.name}`}>
            •••
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content align="end" sideOffset={6} className="card z-50 min-w-40 p-1 shadow-2xl">
              <DropdownMenu.Item className="cursor-pointer rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-ink-800" onSelect={onDuplicate}>
                Duplicate
              </DropdownMenu.Item>
              <DropdownMenu.Item
                className="cursor-pointer rounded-md px-3 py-2 text-sm text-red-300 outline-none data-[highlighted]:bg-ink-800"
                onSelect={onDelete}
              >
                Delete
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>
    </li>
  );
}
