import { useMemo, useRef, useState } from "react";
import type { OrdersOfShopperView } from "#read-models/shopping/checkout.views.ts";
import type { OrderView } from "#read-models/shopping/shopping.views.ts";
import { api } from "../../lib/api-client.ts";
import { usePolling } from "../../lib/use-polling.ts";
import { POLL_ATTEMPTS, POLL_INTERVAL_MS } from "./checkout-figures.ts";

/**
 * After a successful prepare, looks for the order the payment places (storefront.md section 4):
 * the shopper's orders every POLL_INTERVAL_MS, at most POLL_ATTEMPTS times, for one that was not
 * there when the page loaded. `onPlaced` is called once with it; `waitedOut` turns true when the
 * attempts ran out. `pollNow` looks at once (right after a capture).
 */
export function useNewOrder(watching: boolean, knownOrderIds: readonly string[], onPlaced: (order: OrderView) => void) {
  const known = useMemo(() => new Set(knownOrderIds), [knownOrderIds]);
  const attempts = useRef(0);
  const found = useRef(false);
  const [done, setDone] = useState(false);
  const [waitedOut, setWaitedOut] = useState(false);

  async function look() {
    if (found.current) return;
    attempts.current += 1;
    try {
      const { orders } = await api.get<OrdersOfShopperView>("/api/auth/user");
      const placed = orders.find((order) => !known.has(order.id));
      // A second look may already be on its way when the first finds the order: it is handled once.
      if (placed && !found.current) {
        found.current = true;
        setDone(true);
        onPlaced(placed);
      }
    } finally {
      if (!found.current && attempts.current >= POLL_ATTEMPTS) setWaitedOut(true);
    }
  }

  const { pollNow } = usePolling(look, POLL_INTERVAL_MS, watching && !done && !waitedOut);
  return { pollNow, waitedOut };
}
