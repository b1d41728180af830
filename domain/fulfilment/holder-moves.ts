import type { IdGenerator } from "../shared/id-generator.port.ts";
import { delivererPhrase } from "../orders/delivery-phrase.ts";
import { releaseFromHolders, reserveOnHolders } from "../orders/holder-reservation.ts";
import type { OrderHolders } from "../orders/order-holders.port.ts";
import type { Order, OrderStatus } from "../orders/order.ts";
import { notEnoughStockToReopen } from "./fulfilment.errors.ts";

/**
 * What a status change does on the holder accounts, after the product stock moved (rows locked):
 * cancelling gives the reserved units back, reopening reserves them again; starting delivery makes
 * a new one-time phrase the deliverer says in the game chat, and the delivery's end deletes it.
 */
export async function moveOnHolders(
  holders: OrderHolders,
  order: Order,
  change: { stock: "restore" | "take" | "none"; to: OrderStatus; at: Date },
  ids: IdGenerator,
): Promise<void> {
  const productIds = order.items.map((item) => item.productId);
  if (change.stock === "restore") await releaseFromHolders(holders, order.id, productIds);
  if (change.stock === "take" && !(await reserveOnHolders(holders, order.id, order.items))) throw notEnoughStockToReopen(order.items[0]?.productName ?? "");
  await holders.setPhrase(order.id, change.to === "processing" ? delivererPhrase(ids.newId()) : null, change.at);
}
