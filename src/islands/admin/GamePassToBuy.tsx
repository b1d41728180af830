import type { OrderView } from "#read-models/shopping/shopping.views.ts";

/**
 * A gamepass order's pass, as checked at checkout: staff buy it at that price, and marking the order
 * delivered asks Roblox about it again (refused with the reason if the buyer changed it since).
 */
export function GamePassToBuy({ order }: { order: Pick<OrderView, "gamePass"> }) {
  if (!order.gamePass) return null;
  const { id, price } = order.gamePass;
  return (
    <p className="mt-2 text-sm text-slate-300">
      Buy gamepass{" "}
      <a className="font-semibold break-all text-sky-300 underline" href={`https://www.roblox.com/game-pass/${id}`} target="_blank" rel="noopener noreferrer">
        #{id}
      </a>{" "}
      for exactly {price.toLocaleString("en-US")} Robux.
    </p>
  );
}
