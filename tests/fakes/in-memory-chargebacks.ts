import type { AccountFreeze, Chargeback } from "#domain/risk/chargeback.ts";
import type { Chargebacks } from "#domain/risk/chargebacks.port.ts";

export interface InMemoryChargebacksState {
  chargebacks: Chargeback[];
  freezes: Record<string, AccountFreeze>;
}

/**
 * Chargebacks and account freezes in memory, with the database's rules: one chargeback per order and
 * kind, one freeze per account, a clear only of a freeze in force. Read through `holder.chargebacks`
 * each time, so the in-memory unit of work's rollback is seen.
 */
export function createInMemoryChargebacks(holder: { chargebacks?: InMemoryChargebacksState }): Chargebacks {
  holder.chargebacks = { chargebacks: [], freezes: {} };
  const current = () => holder.chargebacks!;
  return {
    record: async (c) => {
      if (current().chargebacks.some((x) => x.orderId === c.orderId && x.kind === c.kind)) return false;
      current().chargebacks.push(structuredClone(c));
      return true;
    },
    resolve: async (orderId, outcome, at) => {
      for (const c of current().chargebacks) if (c.orderId === orderId && c.kind === "dispute") Object.assign(c, { outcome, resolvedAt: at });
    },
    freeze: async (userId, orderId, at) =>
      void (current().freezes[userId] = { userId, orderId, frozenAt: at, clearedAt: null, clearedBy: null, clearNote: null }),
    freezeOf: async (userId) => structuredClone(current().freezes[userId] ?? null),
    clear: async (userId, clearance) => {
      const freeze = current().freezes[userId];
      if (!freeze || freeze.clearedAt !== null) return false;
      Object.assign(freeze, { clearedAt: clearance.at, clearedBy: clearance.by, clearNote: clearance.note });
      return true;
    },
  };
}
