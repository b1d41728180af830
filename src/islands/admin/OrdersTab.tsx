import { useState } from "react";
import DeliveryQueue from "./DeliveryQueue.tsx";
import RiskQueue from "./RiskQueue.tsx";
import Blocklist, { type BlockPrefill } from "./Blocklist.tsx";
import { useStore } from "@nanostores/react";
import { $deliveryQueue } from "#src/stores/delivery-queue.ts";
import AllOrders from "./AllOrders.tsx";
import HoldersList from "./HoldersList.tsx";

type View = "queue" | "all" | "risk" | "blocklist" | "holders";

/**
 * The views: all orders (the spec's list, shown first), the Delivery queue (paid orders not yet
 * delivered, by time left), the Risk queue (paid orders held for a payment check) and the
 * blocklist, and the holder accounts. The two queues' counts are on their buttons and, together, on
 * the tab; the Delivery queue's also says how many orders wait for another holder (theirs is lost).
 */
export default function OrdersTab() {
  const [view, setView] = useState<View>("all");
  // "Block…" on an order or a held order opens the blocklist with its Roblox username filled in.
  const [prefill, setPrefill] = useState<BlockPrefill>(null);
  const block = (next: BlockPrefill) => {
    setPrefill(next);
    setView("blocklist");
  };
  const queue = useStore($deliveryQueue);
  const loaded = queue && queue !== "error" ? queue : null;
  const viewButton = (value: View, label: string) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => setView(value)}
      className="rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-300 hover:text-white aria-pressed:bg-brand-600 aria-pressed:text-white"
    >
      {label}
    </button>
  );
  return (
    <>
      <div className="card mb-4 inline-flex flex-wrap gap-1 p-1" role="group" aria-label="Orders view">
        {viewButton("all", "All orders")}
        {viewButton(
          "queue",
          loaded
            ? `Delivery queue (${loaded.count}${loaded.needsHolder > 0 ? `, ${loaded.needsHolder} need${loaded.needsHolder === 1 ? "s" : ""} a holder` : ""})`
            : "Delivery queue",
        )}
        {/* Held orders wait for a decision: counted live like the queue (issue 47). */}
        {viewButton("risk", loaded ? `Risk queue (${loaded.held})` : "Risk queue")}
        {viewButton("blocklist", "Blocklist")}
        {viewButton("holders", "Holders")}
      </div>
      {view === "holders" ? (
        <HoldersList />
      ) : view === "blocklist" ? (
        <Blocklist key={JSON.stringify(prefill)} prefill={prefill} />
      ) : view === "risk" ? (
        <RiskQueue onBlock={block} />
      ) : view === "queue" ? (
        <section aria-labelledby="delivery-heading">
          <h2 id="delivery-heading" className="text-xl font-bold">
            Delivery queue
          </h2>
          <DeliveryQueue />
        </section>
      ) : (
        <AllOrders onBlock={block} onReview={() => setView("risk")} />
      )}
    </>
  );
}
