import { useState } from "react";
import type { HolderView } from "#read-models/holders/holders.views.ts";
import type { DelivererView, OrderView } from "#read-models/shopping/shopping.views.ts";
import { shortId } from "#domain/shared/short-id.ts";
import { api } from "#src/lib/api-client.ts";
import { useFieldErrors } from "#src/lib/use-field-errors.ts";
import { revalidateAudit } from "#src/stores/admin-ops.ts";
import { allows } from "#src/stores/admin-access.ts";
import { refreshDeliveryQueue } from "#src/stores/delivery-queue.ts";
import { showToast, toastError } from "#src/stores/toast.ts";
import { BusyButton } from "../ui/busy-button.tsx";
import { DisclosureButton } from "../ui/disclosure-button.tsx";
import { Labelled } from "../ui/labelled.tsx";
import { MoreRows, useMoreRows } from "./use-more-rows.tsx";

/** Holders a picker reads at a time. */
const HOLDERS_PAGE = 20;

/**
 * A queued order's holder: the account staff log into to trade ("Log into AM-Holder-3"), a warning
 * when it is lost, "Change holder" before delivery starts (owners and managers), and once delivery
 * runs the phrase to say in the game chat (read from the order's own staff view, never a list).
 */
export default function DeliveryHolder({ order }: { order: Pick<OrderView, "id" | "status" | "holder" | "items"> }) {
  const [choosing, setChoosing] = useState(false);
  const [holderId, setHolderId] = useState("");
  const [busy, setBusy] = useState(false);
  const [deliverer, setDeliverer] = useState<DelivererView | null | undefined>(undefined);
  const name = `order #${shortId(order.id)}`;
  const selectId = `holder-of-${order.id}`;
  const fields = useFieldErrors<"holderId">(["holderId"], () => selectId);
  const error = fields.errors.holderId;

  // The active holders of the order's game, a page at a time: a grown shop has hundreds of accounts.
  const list = useMoreRows((offset) =>
    api.getPage<HolderView>("/api/admin/holders", { gameId: order.items[0]?.gameId, status: "active", limit: HOLDERS_PAGE, offset }),
  );
  const holders = list.rows;

  async function openChooser() {
    setChoosing((open) => !open);
    if (holders) return;
    try {
      await list.readFirst();
    } catch (failure) {
      toastError(failure, "Could not load the holders.");
    }
  }

  async function reassign(event: React.SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    fields.clear();
    try {
      const moved = await api.post<{ holder: { robloxUsername: string } }>(`/api/admin/orders/${encodeURIComponent(order.id)}/holder`, { holderId });
      showToast({ title: "Holder changed", description: `Log into ${moved.holder.robloxUsername} to deliver ${name}` });
      setChoosing(false);
      revalidateAudit();
      await refreshDeliveryQueue();
    } catch (failure) {
      if (!fields.take(failure)) toastError(failure, "Could not change the holder. Please try again.");
    }
    setBusy(false);
  }

  async function showPhrase() {
    if (deliverer !== undefined) return setDeliverer(undefined);
    try {
      setDeliverer((await api.get<{ deliverer: DelivererView | null }>(`/api/admin/orders/${encodeURIComponent(order.id)}/deliverer`)).deliverer);
    } catch (failure) {
      toastError(failure, "Could not load the phrase.");
    }
  }

  if (!order.holder && order.status !== "pending") return null;
  return (
    <div className="mt-2 text-sm">
      {order.holder ? (
        order.holder.lost ? (
          <p className="font-semibold text-red-200">Holder {order.holder.robloxUsername} is lost: choose another holder</p>
        ) : (
          <p className="text-slate-200">
            Log into <span className="font-semibold">{order.holder.robloxUsername}</span>
          </p>
        )
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {order.status === "pending" && allows("catalogue") && (
          <DisclosureButton open={choosing} controls={`${selectId}-form`} onToggle={() => void openChooser()}>
            Change holder<span className="sr-only"> of {name}</span>
          </DisclosureButton>
        )}
        {order.status === "processing" && order.holder && (
          <DisclosureButton open={deliverer !== undefined} onToggle={() => void showPhrase()}>
            {deliverer !== undefined ? "Hide phrase" : "Show phrase"}
            <span className="sr-only"> of {name}</span>
          </DisclosureButton>
        )}
      </div>
      {deliverer !== undefined && (
        <p className="mt-2 text-slate-200" aria-live="polite">
          {deliverer ? (
            <>
              Say in the game chat: <span className="font-mono text-base font-bold text-white">{deliverer.phrase}</span>
            </>
          ) : (
            "No delivery is running."
          )}
        </p>
      )}
      {choosing && (
        <form id={`${selectId}-form`} className="mt-2 flex flex-wrap items-end gap-2" onSubmit={(e) => void reassign(e)} noValidate>
          <Labelled id={selectId} label="Holder" className="min-w-0 flex-1 basis-48">
            <select
              id={selectId}
              className="input w-full"
              value={holderId}
              onChange={(e) => fields.typed("holderId", setHolderId)(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${selectId}-error` : undefined}
            >
              <option value="">{holders ? (holders.length === 0 ? "No active holder of this game" : "Choose a holder") : "Loading holders..."}</option>
              {(holders ?? []).map((holder) => (
                <option key={holder.id} value={holder.id}>
                  {holder.robloxUsername} ({holder.gameName})
                </option>
              ))}
            </select>
            {error && (
              <p id={`${selectId}-error`} className="mt-1 text-sm text-red-300">
                {error}
              </p>
            )}
          </Labelled>
          <BusyButton type="submit" className="btn-primary" busy={busy}>
            Save holder
          </BusyButton>
          <MoreRows list={list} noun="holders" className="basis-full" />
        </form>
      )}
    </div>
  );
}
