import { useStore } from "@nanostores/react";
import { atom } from "nanostores";
import { useEffect, useId, useMemo, useState } from "react";
import { groupByCategory } from "#domain/catalogue/product-listing.ts";
import { api } from "#src/lib/api-client.ts";
import { $games, $products, createCategoriesStore, refresh } from "#src/stores/admin-catalogue.ts";
import { showToast, toastError } from "#src/stores/toast.ts";
import type { AdminProductView } from "#read-models/storefront/catalogue.views.ts";
import { usePagedList } from "#src/lib/use-paged-list.ts";
import ConfirmDialog from "./ConfirmDialog.tsx";
import Pager from "./Pager.tsx";
import ProductForm from "./ProductForm.tsx";
import ProductRanking from "./ProductRanking.tsx";
import ProductRow from "./ProductRow.tsx";
import CatalogueFile from "./CatalogueFile.tsx";
import BulkPriceEditor from "./BulkPriceEditor.tsx";
import SearchForm from "./SearchForm.tsx";
import { ListStatus } from "./ListStatus.tsx";
import { AdminSection } from "./AdminSection.tsx";
import { useEditing } from "./use-editing.ts";

const ALL_GAMES = "all";
export const PRODUCTS_PAGE_SIZE = 25;
/**
 * Products grouped by category, with the game filter, a search and a stock filter, a page at a time
 * from the server (a shop has hundreds of products), the add/edit form, actions and Rank Products
 * (which orders all of the game's products, so it reads the whole list).
 */
export default function ProductsTab() {
  const games = useStore($games);
  const products = useStore($products);
  const [gameFilter, setGameFilter] = useState(ALL_GAMES);
  const [search, setSearch] = useState("");
  const [stock, setStock] = useState("");
  const list = usePagedList<AdminProductView>(
    "/api/admin/products",
    { gameId: gameFilter === ALL_GAMES ? undefined : gameFilter, q: search || undefined, stock: stock || undefined },
    PRODUCTS_PAGE_SIZE,
  );
  const listed = list.rows;
  const reloadAll = () => {
    refresh.products();
    list.reload();
  };
  const editing = useEditing<AdminProductView>();
  const [ranking, setRanking] = useState(false);
  const [toDelete, setToDelete] = useState<AdminProductView | null>(null);
  const [busy, setBusy] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const select = (ids: readonly string[], on: boolean) =>
    setSelected((was) => {
      const next = new Set(was);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });
  const filterId = useId();

  // The filtered game's categories give the groups their order.
  const [$filterGame] = useState(() => atom<string | null>(null));
  const [$filterCategories] = useState(() => createCategoriesStore($filterGame));
  useEffect(() => $filterGame.set(gameFilter === ALL_GAMES ? null : gameFilter), [gameFilter, $filterGame]);
  const filterCategories = useStore($filterCategories);

  const shown = useMemo(() => {
    const all = products.data ?? [];
    return gameFilter === ALL_GAMES ? all : all.filter((p) => p.gameId === gameFilter);
  }, [products.data, gameFilter]);

  const groups = useMemo(() => {
    const page = listed ?? [];
    if (gameFilter !== ALL_GAMES) {
      const order = (filterCategories.data ?? []).map((c) => c.name);
      return groupByCategory(page, order).map((g) => ({ label: g.category, products: g.products }));
    }
    // All Games: one group per game and category, in the catalogue's order.
    const byLabel = new Map<string, AdminProductView[]>();
    for (const product of page) {
      const label = `${product.gameName} · ${product.category}`;
      byLabel.set(label, [...(byLabel.get(label) ?? []), product]);
    }
    return [...byLabel].map(([label, items]) => ({ label, products: items }));
  }, [listed, gameFilter, filterCategories.data]);

  async function duplicate(product: AdminProductView) {
    try {
      await api.post(`/api/admin/products/${encodeURIComponent(product.id)}/duplicate`);
      showToast({ title: "Product Duplicated", description: `A copy of ${product.name} was added` });
      reloadAll();
    } catch (error) {
      toastError(error, "Failed to duplicate product. Please try again.", "Error Duplicating Product");
    }
  }

  async function remove(product: AdminProductView) {
    setBusy(true);
    try {
      await api.delete(`/api/admin/products/${encodeURIComponent(product.id)}`);
      showToast({ title: "Product Deleted", description: `${product.name} was deleted` });
      reloadAll();
      setToDelete(null);
      editing.closeIfEditing(product.id);
    } catch (error) {
      toastError(error, "Failed to delete product. Please try again.", "Error Deleting Product");
    }
    setBusy(false);
  }

  if (ranking) {
    return (
      <ProductRanking
        products={shown}
        scope={gameFilter === ALL_GAMES ? "All Games" : (games.data?.find((g) => g.id === gameFilter)?.name ?? "")}
        onDone={() => {
          setRanking(false);
          list.reload();
        }}
      />
    );
  }

  return (
    <AdminSection
      id={filterId}
      title="Products"
      alignTools="end"
      tools={
        <>
          <div className="w-full sm:w-56">
            <label htmlFor={filterId} className="mb-1 block text-xs font-medium text-slate-300">
              Game
            </label>
            <select id={filterId} className="input" value={gameFilter} onChange={(e) => setGameFilter(e.target.value)}>
              <option value={ALL_GAMES}>All Games</option>
              {(games.data ?? []).map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="btn-secondary"
            disabled={shown.length === 0}
            title={shown.length === 0 ? "No products to rank" : undefined}
            onClick={() => setRanking(true)}
          >
            Rank Products
          </button>
          <button type="button" className="btn-primary" onClick={editing.add}>
            Add Product
          </button>
        </>
      }
    >
      {editing.open && (
        <ProductForm
          key={editing.formKey}
          product={editing.row}
          defaultGameId={gameFilter === ALL_GAMES ? "" : gameFilter}
          games={games.data ?? []}
          products={products.data ?? []}
          onClose={() => {
            editing.close();
            list.reload();
          }}
        />
      )}

      <div className="mt-4 flex flex-wrap items-end gap-3">
        <SearchForm
          id={`${filterId}-search`}
          label="Search products"
          placeholder="Name, category or game"
          onSearch={setSearch}
          className="flex w-full min-w-0 gap-2 sm:w-auto sm:flex-1"
        />
        <div className="w-full sm:w-44">
          <label htmlFor={`${filterId}-stock`} className="sr-only">
            Stock
          </label>
          <select id={`${filterId}-stock`} className="input" value={stock} onChange={(e) => setStock(e.target.value)}>
            <option value="">Any stock</option>
            <option value="in">In stock</option>
            <option value="low">Low stock</option>
            <option value="out">Out of stock</option>
          </select>
        </div>
      </div>

      <CatalogueFile onImported={reloadAll} />

      <ListStatus
        list={list}
        noun="products"
        empty={search || stock ? "No products match your search and filter." : "No products yet."}
        error={
          <>
            Products could not be loaded.{" "}
            <button type="button" className="underline" onClick={list.reload}>
              Try again
            </button>
          </>
        }
      />
      {listed && listed.length > 0 && (
        <p className="mt-4 text-sm text-slate-300" aria-live="polite">
          {list.total} {list.total === 1 ? "product" : "products"}
          {search || stock ? " found" : ""}
        </p>
      )}
      {listed && listed.length > 0 && (
        <label className="mt-2 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={listed.every((p) => selected.has(p.id))}
            onChange={(e) =>
              select(
                listed.map((p) => p.id),
                e.target.checked,
              )
            }
          />
          Select all on this page
        </label>
      )}
      {selected.size > 0 && (
        <BulkPriceEditor
          productIds={[...selected]}
          onClear={() => setSelected(new Set())}
          onDone={() => {
            setSelected(new Set());
            reloadAll();
          }}
        />
      )}

      {groups.map((group) => (
        <section key={group.label} className="mt-8" aria-label={group.label}>
          <h3 className="text-lg font-bold">{group.label}</h3>
          <ul className="mt-3 divide-y divide-ink-700 overflow-hidden rounded-xl border border-ink-700 bg-ink-900">
            {group.products.map((product) => (
              <ProductRow
                key={product.id}
                product={product}
                showGame={gameFilter !== ALL_GAMES}
                selected={selected.has(product.id)}
                onSelect={(on) => select([product.id], on)}
                onEdit={() => editing.edit(product)}
                onDuplicate={() => void duplicate(product)}
                onDelete={() => setToDelete(product)}
              />
            ))}
          </ul>
        </section>
      ))}

      <Pager label="Products pages" page={list.page} pageSize={PRODUCTS_PAGE_SIZE} total={list.total} onPage={list.setPage} />

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete product?"
        description={toDelete ? `${toDelete.name} will be removed from the store. Past orders keep their items.` : ""}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => toDelete && void remove(toDelete)}
        onOpenChange={(open) => !open && setToDelete(null)}
      />
    </AdminSection>
  );
}
