import type { Holding, OrderHolders, Reservation } from "#domain/orders/order-holders.port.ts";

/** The holders' stock in memory: the rows the Kysely adapter keeps, with its conditional updates. */
export interface InMemoryHoldersState {
  holdings: Holding[];
  reservations: (Reservation & { orderId: string })[];
  phrases: Map<string, string>;
}

export function emptyHoldersState(): InMemoryHoldersState {
  return { holdings: [], reservations: [], phrases: new Map() };
}

/** `of` reads the state at each call: a unit of work that throws puts back a copy of it. */
export function createInMemoryOrderHolders(of: () => InMemoryHoldersState, products: () => { id: string; stock: number }[]): OrderHolders {
  return {
    holdings: async (ids) =>
      of()
        .holdings.filter((h) => ids.includes(h.productId))
        .map((h) => ({ ...h })),
    reserve: async (orderId, r) => {
      const state = of();
      const row = state.holdings.find((h) => h.holderId === r.holderId && h.productId === r.productId);
      if (!row || !row.active || row.quantity < r.quantity) return false;
      row.quantity -= r.quantity;
      state.reservations.push({ orderId, ...r });
      return true;
    },
    release: async (orderId) => {
      const state = of();
      const mine = state.reservations.filter((r) => r.orderId === orderId);
      for (const r of mine) {
        const row = state.holdings.find((h) => h.holderId === r.holderId && h.productId === r.productId);
        if (row?.active) row.quantity += r.quantity;
      }
      state.reservations = state.reservations.filter((r) => r.orderId !== orderId);
      return mine.map(({ holderId, productId, quantity }) => ({ holderId, productId, quantity }));
    },
    recount: async (ids) => {
      const state = of();
      for (const product of products()) {
        const rows = state.holdings.filter((h) => h.productId === product.id);
        if (!ids.includes(product.id) || rows.length === 0) continue;
        product.stock = rows.filter((h) => h.active).reduce((sum, h) => sum + h.quantity, 0);
      }
    },
    setPhrase: async (orderId, phrase) => {
      const state = of();
      if (phrase === null) state.phrases.delete(orderId);
      else state.phrases.set(orderId, phrase);
    },
  };
}
