import type { Holding, OrderHolders, Reservation } from "./order-holders.port.ts";

interface Wanted {
  productId: string;
  quantity: number;
}

/**
 * Which holders an order's units are reserved on: one account holding them all when there is one
 * (staff log into one account), otherwise the fewest accounts, greedily (the one covering most of
 * what is left first). Only products that have holders are reserved; null when the active holders
 * cannot cover them (the product's stock said otherwise: the caller refuses the order).
 * Ties go to the holder with the most units, then the lowest id, so the choice is repeatable.
 */
export function chooseHolders(items: readonly Wanted[], holdings: readonly Holding[]): Reservation[] | null {
  const held = new Set(holdings.map((h) => h.productId));
  const need = new Map<string, number>();
  for (const item of items) if (held.has(item.productId)) need.set(item.productId, (need.get(item.productId) ?? 0) + item.quantity);
  if (need.size === 0) return [];
  const stock = new Map<string, Map<string, number>>();
  for (const h of holdings) {
    if (!h.active || h.quantity <= 0) continue;
    const units = stock.get(h.holderId) ?? new Map<string, number>();
    units.set(h.productId, h.quantity);
    stock.set(h.holderId, units);
  }
  const reservations: Reservation[] = [];
  while (need.size > 0) {
    let best: { holderId: string; covered: number; whole: boolean; total: number } | null = null;
    for (const [holderId, units] of stock) {
      let covered = 0;
      let whole = true;
      let total = 0;
      for (const [productId, wanted] of need) {
        const has = units.get(productId) ?? 0;
        covered += Math.min(has, wanted);
        total += has;
        if (has < wanted) whole = false;
      }
      if (covered === 0) continue;
      const better =
        !best ||
        (whole && !best.whole) ||
        (whole === best.whole &&
          (covered > best.covered || (covered === best.covered && (total > best.total || (total === best.total && holderId < best.holderId)))));
      if (better) best = { holderId, covered, whole, total };
    }
    if (!best) return null;
    const units = stock.get(best.holderId)!;
    for (const [productId, wanted] of [...need]) {
      const take = Math.min(units.get(productId) ?? 0, wanted);
      if (take === 0) continue;
      reservations.push({ holderId: best.holderId, productId, quantity: take });
      if (take === wanted) need.delete(productId);
      else need.set(productId, wanted - take);
    }
    stock.delete(best.holderId);
  }
  return reservations;
}

/**
 * Reserves a paid order's units on its holders, after its products' stock was taken (their rows
 * locked): false when the holders cannot cover them, and the caller refuses the order.
 */
export async function reserveOnHolders(holders: OrderHolders, orderId: string, items: readonly Wanted[], only?: string): Promise<boolean> {
  const holdings = await holders.holdings(items.map((item) => item.productId));
  const chosen = chooseHolders(items, only === undefined ? holdings : holdings.map((h) => (h.holderId === only ? h : { ...h, quantity: 0 })));
  if (!chosen) return false;
  for (const reservation of chosen) if (!(await holders.reserve(orderId, reservation))) return false;
  return true;
}

/**
 * Gives an order's reserved units back to its holders (a lost one's are gone) and sets its
 * products' stock to their holders' sum again: after the stock's giveBack, which counted them back
 * on the product without knowing the holders.
 */
export async function releaseFromHolders(holders: OrderHolders, orderId: string, productIds: readonly string[]): Promise<void> {
  await holders.release(orderId);
  await holders.recount(productIds);
}
