import { useStore } from "@nanostores/react";
import { useState, type FormEvent } from "react";
import type { HolderView } from "#read-models/holders/holders.views.ts";
import { api } from "#src/lib/api-client.ts";
import { useFieldErrors } from "#src/lib/use-field-errors.ts";
import { formatDateTime } from "#src/lib/admin-ops.ts";
import { usePagedList } from "#src/lib/use-paged-list.ts";
import { revalidateAudit } from "#src/stores/admin-ops.ts";
import { allows } from "#src/stores/admin-access.ts";
import { $games } from "#src/stores/admin-catalogue.ts";
import { showToast, toastError } from "#src/stores/toast.ts";
import { BusyButton } from "../ui/busy-button.tsx";
import { Labelled } from "../ui/labelled.tsx";
import { TextField } from "../ui/text-field.tsx";
import { useAdminCall } from "./use-admin-call.ts";
import { AdminSection } from "./AdminSection.tsx";
import { ListStatus } from "./ListStatus.tsx";
import Pager from "./Pager.tsx";
import HolderStockForm from "./HolderStockForm.tsx";
import { gameChoices, Options } from "./Options.tsx";

const PAGE_SIZE = 20;
type Field = "gameId" | "robloxUsername" | "note";

/**
 * The Roblox accounts that hold the stock (Orders tab, "Holders"): support staff read them to know
 * which account to log into; owners and managers register one (resolved by Roblox: name, id,
 * avatar), set its stock per product, mark it lost (its stock zeroed, its open orders listed for
 * another holder) and restore it.
 */
export default function HoldersList() {
  const list = usePagedList<HolderView>("/api/admin/holders", {}, PAGE_SIZE);
  const mayEdit = allows("catalogue");
  const games = useStore($games).data ?? [];
  const [gameId, setGameId] = useState("");
  const [username, setUsername] = useState("");
  const [note, setNote] = useState("");
  const fields = useFieldErrors<Field>(["gameId", "robloxUsername", "note"], (name) => `holder-${name}`);
  const errors = fields.errors;
  const { busy, run } = useAdminCall();

  async function register(event: FormEvent) {
    event.preventDefault();
    const failed = (error: unknown) => {
      if (!fields.take(error)) toastError(error, "Could not add the holder. Please try again.");
    };
    await run("add", failed, async () => {
      fields.clear();
      const holder = await api.post<HolderView>("/api/admin/holders", { gameId, robloxUsername: username, ...(note ? { note } : {}) });
      showToast({ title: "Holder added", description: `${holder.robloxUsername} holds stock for ${holder.gameName}` });
      setUsername("");
      setNote("");
      revalidateAudit();
      list.reload();
    });
  }

  async function restore(holder: HolderView) {
    await run(holder.id, "Could not restore the holder. Please try again.", async () => {
      await api.post(`/api/admin/holders/${encodeURIComponent(holder.id)}/restore`, { stock: [] });
      showToast({ title: "Holder restored", description: `Enter the stock ${holder.robloxUsername} holds again` });
      revalidateAudit();
      list.reload();
    });
  }

  return (
    <AdminSection id="holders" title="Holders">
      {mayEdit && (
        <form className="card mt-4 grid gap-3 p-4 sm:grid-cols-3" onSubmit={(e) => void register(e)} aria-label="Add a holder" noValidate>
          <Labelled id="holder-gameId" label="Game">
            <select
              id="holder-gameId"
              className="input w-full"
              value={gameId}
              onChange={(e) => fields.typed("gameId", setGameId)(e.target.value)}
              aria-invalid={errors.gameId ? true : undefined}
              aria-describedby={errors.gameId ? "holder-gameId-error" : undefined}
            >
              <option value="">Choose a game</option>
              <Options choices={gameChoices(games)} />
            </select>
            {errors.gameId && (
              <p id="holder-gameId-error" className="mt-1 text-sm text-red-300">
                {errors.gameId}
              </p>
            )}
          </Labelled>
          <TextField
            id="holder-robloxUsername"
            label="Roblox username"
            value={username}
            onValueChange={fields.typed("robloxUsername", setUsername)}
            error={errors.robloxUsername}
            maxLength={20}
            autoComplete="off"
          />
          <TextField id="holder-note" label="Note (optional)" value={note} onValueChange={fields.typed("note", setNote)} error={errors.note} maxLength={500} />
          <div className="sm:col-span-3">
            <BusyButton type="submit" className="btn-primary" busy={busy === "add"}>
              Add holder
            </BusyButton>
          </div>
        </form>
      )}
      <ListStatus list={list} noun="holders" empty="No holder yet: products keep their own stock." spacing="mt-4" />
      {list.rows && list.rows.length > 0 && (
        <ul className="mt-4 space-y-3" aria-label="Holders">
          {list.rows.map((holder) => (
            <li
              key={holder.id}
              className={`card p-4 ${holder.status === "lost" ? "ring-1 ring-red-400/60" : ""}`}
              aria-label={`Holder ${holder.robloxUsername}`}
            >
              <div className="flex flex-wrap items-center gap-3">
                {holder.avatarUrl && <img src={holder.avatarUrl} alt="" width={40} height={40} className="h-10 w-10 rounded-full bg-ink-700" />}
                <div className="min-w-0 flex-1 basis-40">
                  <p className="break-all font-semibold">{holder.robloxUsername}</p>
                  <p className="text-sm text-slate-300">
                    {holder.gameName} · Roblox id {holder.robloxUserId}
                  </p>
                </div>
                <p
                  className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${holder.status === "lost" ? "bg-red-500/20 text-red-200" : "bg-emerald-500/15 text-emerald-200"}`}
                >
                  {holder.status === "lost" ? `Lost ${holder.lostAt ? formatDateTime(holder.lostAt) : ""}` : "Active"}
                </p>
              </div>
              {holder.note && <p className="mt-2 break-words text-sm text-slate-300">{holder.note}</p>}
              <ul className="mt-2 text-sm text-slate-200" aria-label={`Stock on ${holder.robloxUsername}`}>
                {holder.stock.length === 0 && <li className="text-slate-400">No stock entered</li>}
                {holder.stock.map((line) => (
                  <li key={line.productId}>
                    {line.quantity} × {line.productName}
                  </li>
                ))}
              </ul>
              {mayEdit && (
                <div className="mt-3 flex flex-wrap items-start gap-2">
                  {holder.status === "active" ? (
                    <HolderStockForm holder={holder} onSaved={list.reload} />
                  ) : (
                    <BusyButton type="button" className="btn-secondary" busy={busy === holder.id} onClick={() => void restore(holder)}>
                      Restore<span className="sr-only"> {holder.robloxUsername}</span>
                    </BusyButton>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager label="Holder pages" page={list.page} pageSize={PAGE_SIZE} total={list.total} onPage={list.setPage} />
    </AdminSection>
  );
}
