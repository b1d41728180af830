import { useStore } from "@nanostores/react";
import { useState } from "react";
import { moveItem } from "#src/lib/admin-catalogue-forms.ts";
import { api } from "#src/lib/api-client.ts";
import { $games, refresh } from "#src/stores/admin-catalogue.ts";
import { showToast, toastError } from "#src/stores/toast.ts";
import type { GameView } from "#read-models/storefront/catalogue.views.ts";
import ConfirmDialog from "./ConfirmDialog.tsx";
import GameForm from "./GameForm.tsx";
import { ListStatus } from "./ListStatus.tsx";
import { MoveButtons } from "./MoveButtons.tsx";
import { AdminSection } from "./AdminSection.tsx";
import { useEditing } from "./use-editing.ts";

/** Games in shop order with move up/down, edit and delete, and the add/edit form. */
export default function GamesTab() {
  const games = useStore($games);
  const editing = useEditing<GameView>();
  const [toDelete, setToDelete] = useState<GameView | null>(null);
  const [busy, setBusy] = useState(false);
  const list = games.data ?? [];

  async function move(index: number, by: -1 | 1) {
    setBusy(true);
    try {
      await api.post("/api/admin/games/reorder", { gameIds: moveItem(list, index, by).map((g) => g.id) });
      showToast({ title: "Games Reordered", description: "The shop shows the games in the new order" });
      refresh.games();
    } catch (error) {
      toastError(error, "Failed to reorder games. Please try again.");
    }
    setBusy(false);
  }

  async function remove(game: GameView) {
    setBusy(true);
    try {
      await api.delete(`/api/admin/games/${encodeURIComponent(game.id)}`);
      showToast({ title: "Game Deleted", description: `${game.name} was deleted` });
      refresh.all();
      editing.closeIfEditing(game.id);
    } catch (error) {
      toastError(error, "Failed to delete game. Please try again.", "Error Deleting Game");
    }
    setToDelete(null);
    setBusy(false);
  }

  return (
    <AdminSection
      id="games"
      title="Games"
      tools={
        <>
          <button type="button" className="btn-primary" onClick={editing.add}>
            Add Game
          </button>
        </>
      }
    >
      {editing.open && <GameForm key={editing.formKey} game={editing.row} onClose={editing.close} />}

      <ListStatus list={{ rows: games.data, failed: Boolean(games.error) }} noun="games" empty="No games yet." />

      <ol className="mt-6 divide-y divide-ink-700 overflow-hidden rounded-xl border border-ink-700 bg-ink-900" aria-label="Games in shop order">
        {list.map((game, index) => (
          <li key={game.id} className="flex flex-wrap items-center gap-3 p-3">
            <img src={game.thumbnail} alt="" width="48" height="48" className="h-12 w-12 shrink-0 rounded-lg bg-ink-800 object-cover" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold">{game.name}</p>
              <p className="truncate text-xs text-slate-300">/shop/{game.slug}</p>
            </div>
            <div className="flex flex-wrap gap-2">
              <MoveButtons
                name={game.name}
                index={index}
                count={list.length}
                busy={busy}
                className="btn-secondary px-2"
                onMove={(step) => void move(index, step)}
              />
              <button type="button" className="btn-secondary" aria-label={`Edit ${game.name}`} onClick={() => editing.edit(game)}>
                Edit
              </button>
              <button type="button" className="btn-secondary text-red-300" aria-label={`Delete ${game.name}`} onClick={() => setToDelete(game)}>
                Delete
              </button>
            </div>
          </li>
        ))}
      </ol>

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete game?"
        description={toDelete ? `${toDelete.name} and its categories will be removed. A game that still has products cannot be deleted.` : ""}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => toDelete && void remove(toDelete)}
        onOpenChange={(open) => !open && setToDelete(null)}
      />
    </AdminSection>
  );
}
