import { useEffect, useState } from "react";
import type { ProductView } from "#read-models/storefront/catalogue.views.ts";
import { api, errorMessage } from "#src/lib/api-client.ts";
import { showToast } from "#src/stores/toast.ts";

/**
 * Links an item request to the product that answers it (issue 36): the request's address then waits
 * for that product and is emailed at its restock. A product made for the request (Products tab,
 * stock 0) is linked the same way.
 */
export default function LinkItemRequest({ requestId, gameId, onLinked }: { requestId: string; gameId: string; onLinked: () => void }) {
  const [open, setOpen] = useState(false);
  const [products, setProducts] = useState<ProductView[] | null>(null);
  const [productId, setProductId] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open || products) return;
    api
      .get<ProductView[]>(`/api/products?gameId=${encodeURIComponent(gameId)}&limit=100`)
      .then(setProducts)
      .catch(() => setProducts([]));
  }, [open, products, gameId]);

  if (!open) {
    return (
      <button type="button" className="btn-secondary mt-2 text-sm" onClick={() => setOpen(true)}>
        Link to a product
      </button>
    );
  }
  async function link() {
    if (busy || !productId) return;
    setBusy(true);
    try {
      await api.patch(`/api/admin/item-requests/${encodeURIComponent(requestId)}`, { productId });
      showToast({ title: "Linked", description: "The shopper will be emailed when the product is back in stock." });
      onLinked();
    } catch (error) {
      showToast({ title: "Error", description: errorMessage(error, "The request could not be linked."), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="mt-2 flex flex-wrap items-end gap-2">
      <label className="min-w-0 text-sm font-medium">
        Product
        <select className="input mt-1 max-w-full" value={productId} onChange={(e) => setProductId(e.target.value)}>
          <option value="">{products ? "Choose a product" : "Loading products..."}</option>
          {(products ?? []).map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({p.stock > 0 ? `${p.stock} in stock` : "out of stock"})
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="btn-primary text-sm" aria-disabled={busy || !productId || undefined} onClick={() => void link()}>
        {busy ? "Linking..." : "Link"}
      </button>
    </div>
  );
}
