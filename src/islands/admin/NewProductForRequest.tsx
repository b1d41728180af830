import { useState, type FormEvent } from "react";
import { api, errorMessage } from "#src/lib/api-client.ts";
import { showToast } from "#src/stores/toast.ts";

/**
 * Answers an item request with a product the shop did not have (POST
 * /api/admin/item-requests/{id}/product): made in the request's game with stock 0 and linked at
 * once, so the shopper is emailed when its first stock is saved in the Products tab.
 */
export default function NewProductForRequest({ requestId, itemName, onLinked }: { requestId: string; itemName: string; onLinked: () => void }) {
  const [name, setName] = useState(itemName);
  const [category, setCategory] = useState("");
  const [price, setPrice] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await api.post(`/api/admin/item-requests/${encodeURIComponent(requestId)}/product`, { name, category, price });
      showToast({ title: "Product Created", description: "Linked with stock 0: the shopper is emailed when you add stock in the Products tab." });
      onLinked();
    } catch (error) {
      showToast({ title: "Error", description: errorMessage(error, "The product could not be created."), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="mt-2 grid gap-2 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end" aria-label={`New product for ${itemName}`} onSubmit={(e) => void submit(e)}>
      <label className="min-w-0 text-sm font-medium">
        Name
        <input className="input mt-1 w-full" required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="min-w-0 text-sm font-medium">
        Category
        <input className="input mt-1 w-full" required maxLength={100} value={category} onChange={(e) => setCategory(e.target.value)} />
      </label>
      <label className="min-w-0 text-sm font-medium">
        Price ($)
        <input className="input mt-1 w-full" required inputMode="decimal" pattern="\d+(\.\d{1,2})?" value={price} onChange={(e) => setPrice(e.target.value)} />
      </label>
      <button type="submit" className="btn-primary text-sm" aria-disabled={busy || undefined}>
        {busy ? "Creating..." : "Create and link"}
      </button>
    </form>
  );
}
