import { useEffect, useState } from "react";
import type { ProductView } from "#read-models/storefront/catalogue.views.ts";
import { api, errorMessage } from "#src/lib/api-client.ts";
import { allows } from "#src/stores/admin-access.ts";
import { showToast } from "#src/stores/toast.ts";
import NewProductForRequest from "./NewProductForRequest.tsx";

/**
 * Links an item request to the product that answers it (issue 36): the request's address then waits
 * for that product and is emailed at its restock (at once when it is in stock). Staff who may also
 * add products can make a new one for the request instead (NewProductForRequest).
 */
export default function LinkItemRequest({
  requestId,
  gameId,
  itemName,
  onLinked,
}: {
  requestId: string;
  gameId: string;
  itemName: string;
  onLinked: () => void;
}) {
  const [open, setOpen] = useState<"existing" | "new" | null>(null);
  const [products, setProducts] = useState<ProductView[] | null>(null);
  const [productId, setProductId] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open !== "existing" || products) return;
    api
      .get<ProductView[]>(`/api/products?gameId=${encodeURIComponent(gameId)}&limit=100`)
      .then(setProducts)
      .catch(() => setProducts([]));
  }, [open, products, gameId]);

  if (!open) {
    return (
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className="btn-secondary text-sm" onClick={() => setOpen("existing")}>
          Link to a product
        </button>
        {allows("catalogue") && (
          <button type="button" className="btn-secondary text-sm" onClick={() => setOpen("new")}>
            New product for it
          </button>
        )}
      </div>
    );
  }
  if (open === "new") return <NewProductForRequest requestId={requestId} itemName={itemName} onLinked={onLinked} />;
  async function link() {
    if (busy || !productId) return;
    setBusy(true);
    try {
      await api.patch(`/api/admin/item-requests/${encodeURIComponent(requestId)}`, { productId });
      showToast({ title: "Linked", description: "The shopper is emailed when the product is in stock (now, if it is)." });
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
