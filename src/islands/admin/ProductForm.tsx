import { useStore } from "@nanostores/react";
import { atom } from "nanostores";
import { useEffect, useId, useState, type SubmitEvent } from "react";
import { generatedItemPicture, MAX_DELIVERY_MINUTES } from "#domain/catalogue/product.ts";
import {
  canSaveProduct,
  categoryChoices,
  productFieldErrors,
  productPayload,
  requirementRowErrors,
  requirementRowsOf,
  requirementsPayload,
  type ProductFieldErrors,
  type ProductFormValues,
  type RequirementRow,
} from "#src/lib/admin-catalogue-forms.ts";
import { api } from "#src/lib/api-client.ts";
import { useFieldErrors } from "#src/lib/use-field-errors.ts";
import { useHydrated } from "#src/lib/use-hydrated.ts";
import { createCategoriesStore, refresh } from "#src/stores/admin-catalogue.ts";
import { showToast, toastError } from "#src/stores/toast.ts";
import type { DeliveryMethod } from "#domain/catalogue/requirements.ts";
import type { AdminProductView, GameView, ProductView } from "#read-models/storefront/catalogue.views.ts";
import { DescriptionField, EditorActions, EditorForm } from "./EditorForm.tsx";
import { DeliveryMethodField, focusWrongRequirement, RequirementsEditor } from "./RequirementsEditor.tsx";
import RobuxAmountField from "./RobuxAmountField.tsx";
import { Labelled } from "../ui/labelled.tsx";
import { MoneyField, TextField } from "../ui/text-field.tsx";
import { gameChoices, Options } from "./Options.tsx";

interface Props {
  /** The product to edit, or null to add one. */
  product: AdminProductView | null;
  defaultGameId: string;
  games: GameView[];
  products: ProductView[];
  onClose: () => void;
}

function initialValues(product: AdminProductView | null, defaultGameId: string): ProductFormValues {
  if (!product) {
    return { name: "", gameId: defaultGameId, category: "", price: "", originalPrice: "", image: "", description: "", stock: "", featured: false };
  }
  return {
    name: product.name,
    gameId: product.gameId,
    category: product.category,
    price: product.price,
    originalPrice: product.originalPrice ?? "",
    image: product.image,
    description: product.description,
    stock: String(product.stock),
    featured: product.featured === 1,
  };
}

/** Null when the box is empty or a whole number of minutes the API keeps (1 to a week); else what to fix. */
function deliveryMinutesProblem(text: string): string | null {
  const typed = text.trim();
  if (typed === "") return null;
  const minutes = Number(typed);
  return /^\d+$/.test(typed) && minutes >= 1 && minutes <= MAX_DELIVERY_MINUTES
    ? null
    : "A whole number of minutes from 1 to 10080 (a week), or empty for the shop's promise";
}

/** The fields whose server errors the form shows in place (the rest, e.g. the image's, in a toast). */
const SERVER_FIELDS = ["name", "price", "originalPrice", "stock", "description", "robuxAmount"] as const;

/** The add/edit product form with admin-panel.md section 5's rules (see admin-catalogue-forms.ts). */
export default function ProductForm({ product, defaultGameId, games, products, onClose }: Props) {
  const [form, setForm] = useState<ProductFormValues>(() => initialValues(product, defaultGameId));
  // The product's own requirements (its game's are added to them at checkout) and delivery method.
  const [requirements, setRequirements] = useState<RequirementRow[]>(() => requirementRowsOf(product?.requirements ?? []));
  const [deliveryMethod, setDeliveryMethod] = useState<DeliveryMethod>(product?.deliveryMethod ?? "trade");
  // Its own delivery promise in minutes; empty: the shop's.
  const [deliveryMinutes, setDeliveryMinutes] = useState(product?.deliveryMinutes === null || !product ? "" : String(product.deliveryMinutes));
  const minutesError = deliveryMinutesProblem(deliveryMinutes);
  const [robuxAmount, setRobuxAmount] = useState(product?.robuxAmount ? String(product.robuxAmount) : "");
  const requirementErrors = requirementRowErrors(requirements);
  const [triedSave, setTriedSave] = useState(false);
  const [busy, setBusy] = useState(false);
  const ready = useHydrated();
  const id = useId();
  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => setForm((f) => ({ ...f, [key]: value }));
  // A field's error shows once the admin has left it, or tried to save, not while they type.
  const errors = productFieldErrors(form);
  const [left, setLeft] = useState<ReadonlySet<keyof ProductFieldErrors | "deliveryMinutes">>(new Set());
  const leave = (key: keyof ProductFieldErrors | "deliveryMinutes") => () => setLeft((all) => new Set(all).add(key));
  // The server's word on a field (its own checks of the same rules) shows under that field too.
  const server = useFieldErrors(SERVER_FIELDS, (name) => field(name === "originalPrice" ? "original" : name));
  const shown = (key: keyof ProductFieldErrors) => (left.has(key) ? errors[key] : undefined) ?? server.errors[key];

  const [$gameId] = useState(() => atom<string | null>(null));
  const [$categories] = useState(() => createCategoriesStore($gameId));
  useEffect(() => $gameId.set(form.gameId || null), [form.gameId, $gameId]);
  const gameCategories = useStore($categories);
  const choices = categoryChoices(
    form.gameId ? (gameCategories.data ?? []).map((c) => c.name) : [],
    products.map((p) => p.category),
    form.category,
  );

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSaveProduct(form)) return;
    const wrong = (["price", "originalPrice", "stock"] as const).filter((key) => errors[key]);
    if (wrong.length > 0) {
      // Nothing is sent: every wrong field says why, and the first takes the focus.
      setLeft(new Set(wrong));
      document.getElementById(field(wrong[0] === "originalPrice" ? "original" : wrong[0]!))?.focus();
      return;
    }
    if (minutesError) {
      setLeft((all) => new Set(all).add("deliveryMinutes"));
      document.getElementById(field("delivery-minutes"))?.focus();
      return;
    }
    if (focusWrongRequirement(field("requirement"), requirementErrors)) {
      setTriedSave(true);
      return;
    }
    setBusy(true);
    server.clear();
    const body = {
      ...productPayload(form),
      requirements: requirementsPayload(requirements),
      deliveryMethod,
      deliveryMinutes: deliveryMinutes.trim() === "" ? null : Number(deliveryMinutes),
      // Not a number: sent as typed, so the server's refusal shows under the field.
      robuxAmount: deliveryMethod !== "gamepass" || robuxAmount.trim() === "" ? null : /^\d+$/.test(robuxAmount.trim()) ? Number(robuxAmount) : robuxAmount,
    };
    try {
      if (product) {
        await api.patch(`/api/admin/products/${encodeURIComponent(product.id)}`, body);
        showToast({ title: "Product Updated", description: `${body.name} was saved` });
      } else {
        await api.post("/api/admin/products", body);
        showToast({ title: "Product Created", description: `${body.name} was added` });
      }
      refresh.products();
      onClose();
    } catch (error) {
      const fallback = product ? "Failed to update product. Please try again." : "Failed to create product. Please try again.";
      if (!server.take(error)) toastError(error, fallback, product ? "Error Updating Product" : "Error Creating Product");
      setBusy(false);
    }
  }

  const field = (name: string) => `${id}-${name}`;
  return (
    <EditorForm headingId={field("heading")} title={product ? `Edit ${product.name}` : "Add Product"} onSubmit={save}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={field("name")}
          label="Name"
          className="sm:col-span-2"
          value={form.name}
          onValueChange={server.typed("name", (value) => set("name", value))}
          error={server.errors.name}
          maxLength={200}
        />
        <Labelled id={field("game")} label="Game">
          <select id={field("game")} className="input" value={form.gameId} onChange={(e) => setForm((f) => ({ ...f, gameId: e.target.value, category: "" }))}>
            <option value="">Select a game</option>
            <Options choices={gameChoices(games)} />
          </select>
        </Labelled>
        <Labelled id={field("category")} label="Category">
          <select id={field("category")} className="input" value={form.category} onChange={(e) => set("category", e.target.value)}>
            <option value="">Select a category</option>
            <Options choices={choices} />
          </select>
        </Labelled>
        <MoneyField
          id={field("price")}
          label="Price (USD)"
          value={form.price}
          onValueChange={server.typed("price", (value) => set("price", value))}
          onBlur={leave("price")}
          error={shown("price")}
        />
        <MoneyField
          id={field("original")}
          label="Original price (optional)"
          value={form.originalPrice}
          onValueChange={server.typed("originalPrice", (value) => set("originalPrice", value))}
          onBlur={leave("originalPrice")}
          error={shown("originalPrice")}
          aria-describedby={field("original-hint")}
        >
          <p id={field("original-hint")} className="mt-1 text-xs text-slate-400">
            The higher price it had before, shown struck through; above the price.
          </p>
        </MoneyField>
        <Labelled id={field("image")} label="Image URL" className="sm:col-span-2">
          <div className="flex flex-wrap gap-2">
            {form.image && <img src={form.image} alt="" width="40" height="40" className="h-10 w-10 rounded-md bg-ink-800 object-cover" />}
            <input
              id={field("image")}
              className="input min-w-0 flex-1"
              value={form.image}
              onChange={(e) => set("image", e.target.value)}
              placeholder="/img/item/... or https://..."
            />
            <button type="button" className="btn-secondary" onClick={() => set("image", generatedItemPicture(form.name, form.category))}>
              Use generated picture
            </button>
          </div>
        </Labelled>
        <DescriptionField
          id={field("description")}
          maxLength={5000}
          value={form.description}
          onValueChange={server.typed("description", (value) => set("description", value))}
          error={server.errors.description}
        />
        <TextField
          id={field("stock")}
          label="Stock"
          inputMode="numeric"
          value={form.stock}
          placeholder="100"
          onValueChange={server.typed("stock", (value) => set("stock", value))}
          onBlur={leave("stock")}
          error={shown("stock")}
          aria-describedby={field("stock-hint")}
        >
          <p id={field("stock-hint")} className="mt-1 text-xs text-slate-400">
            A whole number of units; 100 when left empty.
          </p>
        </TextField>
        <div className="flex items-center gap-2 pt-6">
          <input
            id={field("featured")}
            type="checkbox"
            className="h-4 w-4 accent-brand-500"
            checked={form.featured}
            onChange={(e) => set("featured", e.target.checked)}
          />
          <label htmlFor={field("featured")} className="text-sm font-medium">
            Featured
          </label>
        </div>
        <DeliveryMethodField id={field("delivery-method")} value={deliveryMethod} onChange={setDeliveryMethod} />
        {deliveryMethod === "gamepass" && (
          <RobuxAmountField
            id={field("robuxAmount")}
            value={robuxAmount}
            onChange={server.typed("robuxAmount", setRobuxAmount)}
            error={server.errors.robuxAmount}
          />
        )}
        <TextField
          id={field("delivery-minutes")}
          label="Delivery time (minutes)"
          inputMode="numeric"
          value={deliveryMinutes}
          placeholder="The shop's promise"
          onValueChange={setDeliveryMinutes}
          onBlur={leave("deliveryMinutes")}
          error={left.has("deliveryMinutes") ? (minutesError ?? undefined) : undefined}
          aria-describedby={field("delivery-minutes-hint")}
        >
          <p id={field("delivery-minutes-hint")} className="mt-1 text-xs text-slate-400">
            What an order of it is promised, from payment (or from when delivery starts). Orders keep the promise they were made.
          </p>
        </TextField>
        <RequirementsEditor id={field("requirement")} rows={requirements} errors={requirementErrors} showErrors={triedSave} onChange={setRequirements} />
      </div>
      <EditorActions
        submit={busy ? "Saving..." : product ? "Save Product" : "Create Product"}
        busy={busy}
        disabled={!ready || !canSaveProduct(form)}
        onCancel={onClose}
      >
        {!canSaveProduct(form) && <p className="text-xs text-slate-400">Name, game, category, price and image are required.</p>}
      </EditorActions>
    </EditorForm>
  );
}
