import type { RmCartLinesTable } from "#adapters/db/schema.ts";
import { cartOwnerKey, evolveCartLine, type CartLine } from "#domain/analytics/cart-activity.ts";
import type { Projection } from "./projection.ts";
import { stateTable } from "./projection-transaction.ts";

export const NEW_CUSTOMERS = stateTable("rm_new_customers", ["userId"]);
export const CART_LINES = stateTable("rm_cart_lines", ["ownerKey", "productId"]);

/**
 * Registered customers (when, and from which browser) and what every shopper added to their cart,
 * per product. The 24-hour window is applied when the panel asks, with the clock of that moment.
 */
export const newCustomersProjection: Projection = {
  name: "analytics-new-customers",
  version: 1,
  settings: "",
  handles: ["UserRegistered", "CartItemAdded"],
  tables: [NEW_CUSTOMERS, CART_LINES],
  reads(event) {
    if (event.type === "UserRegistered") return event.userId ? [{ table: NEW_CUSTOMERS, key: { userId: event.userId } }] : [];
    if (event.type !== "CartItemAdded") return [];
    const ownerKey = cartOwnerKey(event);
    return ownerKey ? [{ table: CART_LINES, key: { ownerKey, productId: event.payload.productId } }] : [];
  },
  async evolve(event, trx) {
    if (event.type === "UserRegistered") {
      if (!event.userId || (await trx.get(NEW_CUSTOMERS, { userId: event.userId }))) return;
      trx.put(NEW_CUSTOMERS, {
        userId: event.userId,
        email: event.payload.email,
        registeredAt: event.occurredAt.toISOString(),
        visitorId: event.visitorId,
      });
    } else if (event.type === "CartItemAdded") {
      const ownerKey = cartOwnerKey(event);
      if (!ownerKey) return;
      const stored = await trx.get(CART_LINES, { ownerKey, productId: event.payload.productId });
      const next = evolveCartLine(stored && toCartLine(stored), event);
      if (next) trx.put(CART_LINES, fromCartLine(next));
    }
  },
};

export function toCartLine(row: RmCartLinesTable): CartLine {
  return {
    ownerKey: row.ownerKey,
    productId: row.productId,
    productName: row.productName,
    price: Number(row.priceCents),
    cartQuantity: Number(row.cartQuantity),
    trackerQuantity: Number(row.trackerQuantity),
    lastAddedAt: row.lastAddedAt,
  };
}

function fromCartLine(line: CartLine): RmCartLinesTable {
  return {
    ownerKey: line.ownerKey,
    productId: line.productId,
    productName: line.productName,
    priceCents: line.price,
    cartQuantity: line.cartQuantity,
    trackerQuantity: line.trackerQuantity,
    lastAddedAt: line.lastAddedAt,
  };
}
