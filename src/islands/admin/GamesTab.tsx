import { useStore } from "@nanostores/react";
import { useState } from "react";
import { moveItem } from "#src/lib/admin-catalogue-forms.ts";
import { api } from "#src/lib/api-client.ts";
import { $games, refresh } from "#src/stores/admin-catalogue.ts";
import { showToast, toastError } from "#src/stores/toast.ts";
import type { GameView } from "#read-models/storefront/catalogue.views.ts";
import ConfirmDialog from "./ConfirmDialog.tsx";
import GameForm from "./GameForm.tsx";
import { BusyButton } from "../ui/busy-button.tsx";

type Editing = { mode: "add" } | { mode: "edit"; game: GameView } | null;

/** Games in shop order with move up/down, edit and delete, and the add/edit form. */
export default function GamesTab() {
  const games = useStore($games);
  const [editing, setEditing] = useState<Editing>(null);
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
      if (editing?.mode === "edit" && editing.game.id === game.id) setEditing(null);
    } catch (error) {
      toastError(error, "Failed to delete game. Please try again.", "Error Deleting Game");
    }
    setToDelete(null);
    setBusy(false);
  }

  return (
    <section aria-labelledby="games-heading">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="games-heading" className="mr-auto text-xl font-bold">
          Games
        </h2>
        <button type="button" className="btn-primary" onClick={() => setEditing({ mode: "add" })}>
          Add Game
        </button>
      </div>

      {editing && (
        <GameForm
          key={editing.mode === "edit" ? editing.game.id : "new"}
          game={editing.mode === "edit" ? editing.game : null}
          onClose={() => setEditing(null)}
        />
      )}

      {games.loading && !games.data && <p className="mt-6 text-slate-300">Loading games...</p>}
      {games.error && !games.data && (
        <p className="mt-6 text-red-300" role="alert">
          Games could not be loaded.
        </p>
      )}
      {games.data && list.length === 0 && <p className="card mt-6 p-6 text-center text-slate-300">No games yet.</p>}

      <ol className="mt-6 divide-y divide-ink-700 overflow-hidden rounded-xl border border-ink-700 bg-ink-900" aria-label="Games in shop order">
        {list.map((game, index) => (
          <li key={game.id} className="flex flex-wrap items-center gap-3 p-3">
            <img src={game.thumbnail} alt="" width="48" height="48" className="h-12 w-12 shrink-0 rounded-lg bg-ink-800 object-cover" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold">{game.name}</p>
              <p className="truncate text-xs text-slate-300">/shop/{game.slug}</p>
            </div>
            <div className="flex flex-wrap gap-2">
              <BusyButton
                type="button"
                className="btn-secondary px-2"
                aria-label={`Move ${game.name} up`}
                busy={busy}
                disabled={index === 0}
                onClick={() => void move(index, -1)}
              >
                ↑
              </BusyButton>
              <BusyButton
                type="button"
                className="btn-secondary px-2"
                aria-label={`Move ${game.name} down`}
                busy={busy}
                disabled={index === list.length - 1}
                onClick={() => void move(index, 1)}
              >
                ↓
              </BusyButton>
              <button type="button" className="btn-secondary" aria-label={`Edit ${game.name}`} onClick={() => setEditing({ mode: "edit", game })}>
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
    </section>
  );
}
