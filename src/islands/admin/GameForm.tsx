import { useStore } from "@nanostores/react";
import { atom } from "nanostores";
import { useEffect, useId, useRef, useState, type ChangeEvent, type SubmitEvent } from "react";
import { placeholderThumbnail } from "#domain/catalogue/game.ts";
import { slugify } from "#domain/shared/slug.ts";
import type { DeliveryMethod } from "#domain/catalogue/requirements.ts";
import {
  gameFormProblem,
  requirementRowErrors,
  requirementRowsOf,
  requirementsPayload,
  uploadFilename,
  type RequirementRow,
} from "#src/lib/admin-catalogue-forms.ts";
import { api } from "#src/lib/api-client.ts";
import { readAsDataUrl } from "#src/lib/read-file.ts";
import { useFieldErrors } from "#src/lib/use-field-errors.ts";
import { useHydrated } from "#src/lib/use-hydrated.ts";
import { createCategoriesStore, refresh } from "#src/stores/admin-catalogue.ts";
import { showToast, toastError } from "#src/stores/toast.ts";
import type { CategoryView, GameDetailView, GameView } from "#read-models/storefront/catalogue.views.ts";
import CategoryManager, { type CategoryItem } from "./CategoryManager.tsx";
import { applyCategories } from "./apply-categories.ts";
import ConfirmDialog from "./ConfirmDialog.tsx";
import { DescriptionField, EditorActions, EditorForm } from "./EditorForm.tsx";
import { DeliveryMethodField, focusWrongRequirement, RequirementsEditor } from "./RequirementsEditor.tsx";
import { Labelled } from "../ui/labelled.tsx";
import { TextField } from "../ui/text-field.tsx";

/**
 * The add/edit game form: name and slug required (the slug follows the name until edited), logo
 * upload (images only, sent only when newly chosen; a failed upload aborts the save), and the
 * game's categories. Category changes (add, delete after a confirmation, reorder) are a draft like
 * the other fields: Save Game applies them, Cancel drops them. The game's requirements
 * and delivery method are read from GET /api/games/{slug} (the list does not carry them) and sent
 * with the save.
 */
export default function GameForm({ game, onClose }: { game: GameView | null; onClose: () => void }) {
  const [name, setName] = useState(game?.name ?? "");
  const [slug, setSlug] = useState(game?.slug ?? "");
  const [slugEdited, setSlugEdited] = useState(game !== null);
  const [description, setDescription] = useState(game?.description ?? "");
  const [thumbnail, setThumbnail] = useState(game?.thumbnail ?? "");
  const [newLogo, setNewLogo] = useState<string | null>(null);
  // The categories as the form shows them; null until an existing game's saved ones have loaded.
  const [draft, setDraft] = useState<CategoryItem[] | null>(game ? null : []);
  const [toDelete, setToDelete] = useState<CategoryItem | null>(null);
  // The requirements as typed; null until an existing game's saved ones have loaded.
  const [requirements, setRequirements] = useState<RequirementRow[] | null>(game ? null : []);
  const [deliveryMethod, setDeliveryMethod] = useState<DeliveryMethod>("trade");
  const [triedSave, setTriedSave] = useState(false);
  const [busy, setBusy] = useState(false);
  const ready = useHydrated();
  useEffect(() => {
    if (!game) return;
    api
      .get<GameDetailView>(`/api/games/${encodeURIComponent(game.slug)}`)
      .then((detail) => {
        setRequirements(requirementRowsOf(detail.requirements));
        setDeliveryMethod(detail.deliveryMethod);
      })
      .catch((error: unknown) => {
        toastError(error, "The game's requirements could not be loaded.", "Error Loading Game");
        onClose();
      });
  }, [game]);
  const requirementErrors = requirementRowErrors(requirements ?? []);
  const id = useId();
  const field = (part: string) => `${id}-${part}`;
  // The server's word on the name, slug (taken) or description shows under that field.
  const server = useFieldErrors(["name", "slug", "description"] as const, field);
  const fileRef = useRef<HTMLInputElement>(null);

  const [$gameId] = useState(() => atom<string | null>(game?.id ?? null));
  const [$categories] = useState(() => createCategoriesStore($gameId));
  const saved = useStore($categories);
  const savedCategories: CategoryView[] = game ? (saved.data ?? []) : [];
  useEffect(() => {
    if (draft === null && saved.data) setDraft(saved.data.map((c) => ({ id: c.id, name: c.name })));
  }, [draft, saved.data]);
  const categories: CategoryItem[] = draft ?? [];

  const problem = gameFormProblem(name, slug);
  const placeholder = placeholderThumbnail(slug.trim() || "new-game");
  const isOldPlaceholder = game !== null && thumbnail === placeholderThumbnail(game.slug);
  const preview = newLogo ?? (thumbnail && !isOldPlaceholder ? thumbnail : placeholder);

  async function chooseLogo(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      showToast({ title: "Invalid File", description: "Please choose an image file", variant: "destructive" });
      event.target.value = "";
      return;
    }
    try {
      setNewLogo(await readAsDataUrl(file));
    } catch {
      showToast({ title: "Invalid File", description: "The file could not be read", variant: "destructive" });
    }
  }

  function clearLogo() {
    setNewLogo(null);
    setThumbnail("");
    if (fileRef.current) fileRef.current.value = "";
  }

  function addCategory(categoryName: string): Promise<boolean> {
    setDraft((list) => [...(list ?? []), { id: `new-${crypto.randomUUID()}`, name: categoryName }]);
    return Promise.resolve(true);
  }

  function deleteCategory(category: CategoryItem) {
    setDraft((list) => (list ?? []).filter((c) => c.id !== category.id));
    setToDelete(null);
  }

  function renameCategory(category: CategoryItem, newName: string) {
    setDraft((list) => (list ?? []).map((c) => (c.id === category.id ? { ...c, name: newName } : c)));
  }

  function reorderCategories(ids: string[]) {
    setDraft((list) => ids.map((cid) => (list ?? []).find((c) => c.id === cid)).filter((c): c is CategoryItem => c !== undefined));
  }

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (problem || requirements === null) return;
    if (focusWrongRequirement(field("requirement"), requirementErrors)) {
      // Nothing is sent: each wrong field says why.
      setTriedSave(true);
      return;
    }
    setBusy(true);
    server.clear();
    let logo = isOldPlaceholder && slug.trim() !== game?.slug ? "" : thumbnail;
    if (newLogo) {
      try {
        logo = (await api.post<{ url: string }>("/api/admin/upload-logo", { base64Image: newLogo, filename: uploadFilename(new Date()) })).url;
      } catch {
        showToast({ title: "Image Upload Failed", description: "Failed to upload image. Please try again.", variant: "destructive" });
        setBusy(false);
        return;
      }
    }
    const body = { name: name.trim(), slug: slug.trim(), description, thumbnail: logo, requirements: requirementsPayload(requirements), deliveryMethod };
    try {
      if (game) {
        await api.patch(`/api/admin/games/${encodeURIComponent(game.id)}`, body);
        const failed = await applyCategories(game.id, savedCategories, draft ?? []);
        if (failed.length > 0) {
          showToast({ title: "Game Updated", description: `Some category changes could not be saved: ${failed.join(", ")}`, variant: "destructive" });
        } else {
          showToast({ title: "Game Updated", description: `${body.name} was saved` });
        }
      } else {
        const created = await api.post<GameView>("/api/admin/games", body);
        const failed = await applyCategories(created.id, savedCategories, draft ?? []);
        if (failed.length > 0) {
          showToast({ title: "Game Created", description: `Some categories could not be added: ${failed.join(", ")}`, variant: "destructive" });
        } else {
          showToast({ title: "Game Created", description: `${body.name} was added to the shop` });
        }
      }
      refresh.all();
      onClose();
    } catch (error) {
      if (!server.take(error))
        toastError(
          error,
          game ? "Failed to update game. Please try again." : "Failed to create game. Please try again.",
          game ? "Error Updating Game" : "Error Creating Game",
        );
      setBusy(false);
    }
  }

  // The slug follows the name until it is edited.
  function changeName(value: string) {
    server.clear("name");
    setName(value);
    if (!slugEdited) setSlug(slugify(value));
  }
  function changeSlug(value: string) {
    server.clear("slug");
    setSlug(value);
    setSlugEdited(true);
  }

  return (
    <EditorForm headingId={field("heading")} title={game ? `Edit ${game.name}` : "Add Game"} onSubmit={save}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={field("name")} label="Game Name" value={name} maxLength={100} onValueChange={changeName} error={server.errors.name} />
        <TextField
          id={field("slug")}
          label="Slug"
          value={slug}
          maxLength={100}
          onValueChange={changeSlug}
          error={server.errors.slug}
          aria-describedby={field("slug-hint")}
        >
          <p id={field("slug-hint")} className="mt-1 text-xs text-slate-400">
            The game's address: /shop/{slug.trim() || "..."}
          </p>
        </TextField>
        <DescriptionField
          id={field("description")}
          maxLength={2000}
          value={description}
          onValueChange={server.typed("description", setDescription)}
          error={server.errors.description}
        />
        <Labelled id={field("logo")} label="Logo" className="sm:col-span-2">
          <div className="flex flex-wrap items-center gap-3">
            <img src={preview} alt="Logo preview" width="64" height="64" className="h-16 w-16 rounded-lg bg-ink-800 object-cover" />
            <input ref={fileRef} id={field("logo")} type="file" accept="image/*" className="max-w-full text-sm" onChange={(e) => void chooseLogo(e)} />
            {(newLogo || (thumbnail && !isOldPlaceholder)) && (
              <button type="button" className="btn-secondary" onClick={clearLogo}>
                Remove logo
              </button>
            )}
          </div>
          <p className="mt-1 text-xs text-slate-400">
            {newLogo
              ? "New logo chosen: it is uploaded when you save."
              : thumbnail && !isOldPlaceholder
                ? "Current logo."
                : "No logo chosen: a placeholder picture is used."}
          </p>
        </Labelled>
        <DeliveryMethodField id={field("delivery-method")} value={deliveryMethod} onChange={setDeliveryMethod} />
        {requirements === null ? (
          <p className="text-sm text-slate-400 sm:col-span-2" role="status">
            Loading requirements...
          </p>
        ) : (
          <RequirementsEditor id={field("requirement")} rows={requirements} errors={requirementErrors} showErrors={triedSave} onChange={setRequirements} />
        )}
      </div>
      <CategoryManager
        categories={categories}
        busy={busy || draft === null}
        onAdd={addCategory}
        onDelete={setToDelete}
        onRename={renameCategory}
        onReorder={reorderCategories}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete category?"
        description={
          toDelete ? `${toDelete.name} is deleted when you save the game (Cancel keeps it). A category that still has products cannot be deleted.` : ""
        }
        confirmLabel="Delete"
        busy={false}
        onConfirm={() => toDelete && deleteCategory(toDelete)}
        onOpenChange={(open) => !open && setToDelete(null)}
      />
      <EditorActions
        submit={busy ? "Saving..." : game ? "Save Game" : "Create Game"}
        busy={busy}
        disabled={!ready || problem !== null || requirements === null}
        onCancel={onClose}
        problem={problem}
      />
    </EditorForm>
  );
}
