import { orderNotFound } from "../orders/orders.errors.ts";
import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";

/**
 * Where a private-server order is delivered: the link of the Roblox private server staff meet the
 * shopper in. It is the order's own (staff's, or its product's at payment), shown to the order's
 * owner and staff only: never in an email, a webhook, the Mail tab or the audit trail, since
 * anyone holding it can join the server.
 */
export interface PrivateServerLinks {
  /** Sets (null: clears) the order's link unless it is cancelled or delivered; false when there is no such open order. */
  set(orderId: string, url: string | null): Promise<"set" | "not_found" | "closed">;
}

const orderClosed = () =>
  new DomainError("conflict", ErrorCode.orderCancelled, "This order is cancelled or delivered: its private-server link can no longer change");

/** Staff give an open order its private-server link (or clear it). 404 unknown order, 409 cancelled or delivered. */
export async function setPrivateServerLink(input: { orderId: string; url: string | null }, deps: { links: PrivateServerLinks }): Promise<void> {
  const outcome = await deps.links.set(input.orderId, input.url);
  if (outcome === "not_found") throw orderNotFound();
  if (outcome === "closed") throw orderClosed();
}
