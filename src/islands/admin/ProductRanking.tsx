import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useState } from "react";
import { api } from "#src/lib/api-client.ts";
import { refresh } from "#src/stores/admin-catalogue.ts";
import { showToast, toastError } from "#src/stores/toast.ts";
import type { ProductView } from "#read-models/storefront/catalogue.views.ts";
import { BusyButton } from "../ui/busy-button.tsx";
import { AdminSection } from "./AdminSection.tsx";

interface Props {
  products: ProductView[];
  /** "All Games" or the filtered game's name. */
  scope: string;
  onDone: () => void;
}

function SortableProduct({ product, position }: { product: ProductView; position: number }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: product.id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex items-center gap-3 border-b border-ink-700 bg-ink-900 p-3 last:border-b-0 ${isDragging ? "relative z-10 shadow-2xl ring-2 ring-brand-500" : ""}`}
      data-testid="ranked-product"
    >
      <button
        type="button"
        className="btn-secondary cursor-grab touch-none px-2 active:cursor-grabbing"
        aria-label={`Drag ${product.name} to reorder`}
        {...attributes}
        {...listeners}
      >
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="currentColor">
          <circle cx="5" cy="3" r="1.5" />
          <circle cx="11" cy="3" r="1.5" />
          <circle cx="5" cy="8" r="1.5" />
          <circle cx="11" cy="8" r="1.5" />
          <circle cx="5" cy="13" r="1.5" />
          <circle cx="11" cy="13" r="1.5" />
        </svg>
      </button>
      <span className="w-6 text-right text-sm text-slate-400">{position}</span>
      <img src={product.image} alt="" width="40" height="40" className="h-10 w-10 rounded-md bg-ink-800 object-cover" />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold">{product.name}</span>
        <span className="block truncate text-xs text-slate-300">
          {product.gameName} · {product.category}
        </span>
      </span>
    </li>
  );
}

/**
 * Rank Products mode: drag the handles (mouse, touch, or keyboard: focus a handle, Space to lift,
 * arrows to move, Space to drop) and Save Order, or Cancel to leave the order as it was.
 */
export default function ProductRanking({ products, scope, onDone }: Props) {
  const [items, setItems] = useState(products);
  const [saving, setSaving] = useState(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    setItems((current) => {
      const from = current.findIndex((p) => p.id === active.id);
      const to = current.findIndex((p) => p.id === over.id);
      return from < 0 || to < 0 ? current : arrayMove(current, from, to);
    });
  }

  const name = (id: string | number) => items.find((p) => p.id === id)?.name ?? "item";
  const positionOf = (id: string | number) => items.findIndex((p) => p.id === id) + 1;

  async function save() {
    setSaving(true);
    try {
      await api.post("/api/admin/products/reorder", { productIds: items.map((p) => p.id) });
      showToast({ title: "Products Reordered", description: "The new order is live in the store" });
      refresh.products();
      onDone();
    } catch (error) {
      toastError(error, "Failed to reorder products. Please try again.");
      setSaving(false);
    }
  }

  return (
    <AdminSection
      id="rank"
      title={<>Rank Products: {scope}</>}
      tools={
        <>
          <BusyButton type="button" className="btn-primary" onClick={save} busy={saving}>
            {saving ? "Saving..." : "Save Order"}
          </BusyButton>
          <BusyButton type="button" className="btn-secondary" onClick={onDone} busy={saving}>
            Cancel
          </BusyButton>
        </>
      }
    >
      <p className="mt-2 text-sm text-slate-300">Drag a product by its handle. With the keyboard: Space to pick up, arrow keys to move, Space to drop.</p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements: {
            onDragStart: ({ active }) => `Picked up ${name(active.id)}, position ${positionOf(active.id)} of ${items.length}.`,
            onDragOver: ({ active, over }) => (over ? `${name(active.id)} moved to position ${positionOf(over.id)} of ${items.length}.` : undefined),
            onDragEnd: ({ active, over }) =>
              over ? `${name(active.id)} dropped at position ${positionOf(over.id)} of ${items.length}.` : `${name(active.id)} dropped.`,
            onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
          },
        }}
      >
        <SortableContext items={items.map((p) => p.id)} strategy={verticalListSortingStrategy}>
          <ol className="mt-4 overflow-hidden rounded-xl border border-ink-700" aria-label="Products in ranking order">
            {items.map((product, index) => (
              <SortableProduct key={product.id} product={product} position={index + 1} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </AdminSection>
  );
}
