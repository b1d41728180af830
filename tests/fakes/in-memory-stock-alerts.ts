import type { StockAlert } from "#domain/stock-alerts/stock-alert.ts";
import type { StockAlertRepository } from "#domain/stock-alerts/stock-alerts.port.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";

/** The stock alerts' storage in memory, with products' stock and item requests to look up. */
export function inMemoryStockAlerts(seed: { stock?: Record<string, number>; itemRequests?: Record<string, string> } = {}) {
  const alerts: (StockAlert & { clientKey: string })[] = [];
  /** What recordInStock was told: a product in stock now, as a restock. */
  const inStock: { productId: string; units: number }[] = [];
  const links = new Map<string, string>();
  const stock = { ...seed.stock };
  const repository: StockAlertRepository = {
    stockOf: async (id) => stock[id] ?? null,
    countRecent: async ({ email, clientKey }, since) => alerts.filter((a) => a.createdAt >= since && (a.email === email || a.clientKey === clientKey)).length,
    async addUnlessWaiting(alert, clientKey) {
      if (!alerts.some((a) => a.productId === alert.productId && a.email === alert.email && a.status === "waiting")) alerts.push({ ...alert, clientKey });
    },
    async recordInStock(productId, units) {
      inStock.push({ productId, units });
    },
    unsubscribe: async () => null,
    itemRequest: async (id) => (seed.itemRequests?.[id] ? { email: seed.itemRequests[id], gameId: "g1", itemName: `Item of ${id}` } : null),
    async linkItemRequest(id, productId) {
      links.set(id, productId);
    },
  };
  // Units of work over the same storage (rolling back is the database's: tests/integration/item-request-link.test.ts).
  const linking: UnitOfWork<{ alerts: StockAlertRepository }> = { run: (work) => work({ alerts: repository }) };
  return { repository, linking, alerts, inStock, links };
}
