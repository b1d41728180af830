import { useEffect, useState, type FormEvent } from "react";
import type { HolderView } from "#read-models/holders/holders.views.ts";
import type { ProductView } from "#read-models/storefront/catalogue.views.ts";
import { api } from "#src/lib/api-client.ts";
import { useFieldErrors } from "#src/lib/use-field-errors.ts";
import { revalidateAudit } from "#src/stores/admin-ops.ts";
import { refreshDeliveryQueue } from "#src/stores/delivery-queue.ts";
import { showToast, toastError } from "#src/stores/toast.ts";
import { BusyButton } from "../ui/busy-button.tsx";
import { DisclosureButton } from "../ui/disclosure-button.tsx";
import { Labelled } from "../ui/labelled.tsx";
import { TextField } from "../ui/text-field.tsx";
import { MoreRows, useMoreRows } from "./use-more-rows.tsx";

/** Products the picker reads at a time. */
const PRODUCTS_PAGE = 100;

type Panel = "stock" | "lost" | null;

/**
 * An editor's actions on an active holder: "Set stock" (a product of its game and the units on the
 * account; the product's stock becomes its holders' sum) and "Mark lost" (what happened, then its
 * stock is zeroed and the orders reserved on it wait for another holder). Errors under their fields.
 */
export default function HolderStockForm({ holder, onSaved }: { holder: HolderView; onSaved: () => void }) {
  const [panel, setPanel] = useState<Panel>(null);
  const [search, setSearch] = useState("");
  const [productId, setProductId] = useState("");
  const [quantity, setQuantity] = useState("");
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const id = (name: string) => `holder-${holder.id}-${name}`;
  const fields = useFieldErrors<"productId" | "quantity" | "note">(["productId", "quantity", "note"], id);
  const errors = fields.errors;

  // The game's products a page at a time, searched on the server: a grown shop's game has thousands.
  const list = useMoreRows((offset) =>
    api.getPage<ProductView>("/api/admin/products", { gameId: holder.gameId, q: search.trim() || undefined, limit: PRODUCTS_PAGE, offset }),
  );
  const products = list.rows;
  useEffect(() => {
    if (panel !== "stock") return;
    const timer = setTimeout(() => {
      list.readFirst().catch((error: unknown) => toastError(error, "Could not load the game's products."));
    }, 250);
    return () => clearTimeout(timer);
  }, [panel, search, holder.gameId]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    fields.clear();
    try {
      if (panel === "stock") {
        const units = quantity.trim() === "" ? Number.NaN : Number(quantity);
        await api.put(`/api/admin/holders/${encodeURIComponent(holder.id)}/stock`, { productId, quantity: Number.isFinite(units) ? units : quantity });
        showToast({
          title: "Stock saved",
          description: `${holder.robloxUsername}: ${units} × ${products?.find((p) => p.id === productId)?.name ?? "product"}`,
        });
      } else {
        const lost = await api.post<{ ordersToReassign: string[] }>(`/api/admin/holders/${encodeURIComponent(holder.id)}/lost`, { note });
        const open = lost.ordersToReassign.length;
        showToast({
          title: "Holder marked lost",
          description: open ? `${open} open order${open === 1 ? " needs" : "s need"} another holder` : "No open order was reserved on it",
        });
        void refreshDeliveryQueue();
      }
      revalidateAudit();
      setPanel(null);
      onSaved();
    } catch (error) {
      if (!fields.take(error)) toastError(error, "Could not save. Please try again.");
    }
    setBusy(false);
  }

  const toggle = (next: Panel) => () => {
    fields.clear();
    setPanel(panel === next ? null : next);
  };
  return (
    <div className="w-full">
      <div className="flex flex-wrap gap-2">
        <DisclosureButton open={panel === "stock"} controls={id("panel")} onToggle={toggle("stock")}>
          Set stock<span className="sr-only"> on {holder.robloxUsername}</span>
        </DisclosureButton>
        <DisclosureButton open={panel === "lost"} controls={id("panel")} onToggle={toggle("lost")}>
          Mark lost<span className="sr-only"> {holder.robloxUsername}</span>
        </DisclosureButton>
      </div>
      {panel && (
        <form id={id("panel")} className="mt-3 grid gap-3 rounded-lg border border-ink-700 p-3 sm:grid-cols-2" onSubmit={(e) => void save(e)} noValidate>
          {panel === "stock" ? (
            <>
              <TextField
                id={id("search")}
                className="sm:col-span-2"
                label="Search by name"
                type="search"
                autoComplete="off"
                value={search}
                onValueChange={(text) => {
                  setSearch(text);
                  setProductId("");
                }}
              />
              <Labelled id={id("productId")} label="Product">
                <select
                  id={id("productId")}
                  className="input w-full"
                  value={productId}
                  onChange={(e) => fields.typed("productId", setProductId)(e.target.value)}
                  aria-invalid={errors.productId ? true : undefined}
                  aria-describedby={errors.productId ? `${id("productId")}-error` : undefined}
                >
                  <option value="">{products ? (products.length === 0 ? "No product matches" : "Choose a product") : "Loading products..."}</option>
                  {(products ?? []).map((product) => (
                    <option key={product.id} value={product.id}>
                      {product.name}
                    </option>
                  ))}
                </select>
                {errors.productId && (
                  <p id={`${id("productId")}-error`} className="mt-1 text-sm text-red-300">
                    {errors.productId}
                  </p>
                )}
                <MoreRows list={list} noun="products" className="mt-2" />
              </Labelled>
              <TextField
                id={id("quantity")}
                label="Units on the account"
                inputMode="numeric"
                value={quantity}
                onValueChange={fields.typed("quantity", setQuantity)}
                error={errors.quantity}
              />
            </>
          ) : (
            <TextField
              id={id("note")}
              className="sm:col-span-2"
              label="What happened (banned, stolen...)"
              value={note}
              onValueChange={fields.typed("note", setNote)}
              error={errors.note}
              maxLength={500}
            />
          )}
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <BusyButton type="submit" className="btn-primary" busy={busy}>
              {panel === "stock" ? "Save stock" : "Confirm lost"}
            </BusyButton>
            <BusyButton type="button" className="btn-secondary" busy={busy} onClick={() => setPanel(null)}>
              Cancel
            </BusyButton>
          </div>
        </form>
      )}
    </div>
  );
}
