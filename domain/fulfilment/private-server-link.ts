import { orderNotFound } from "../orders/orders.errors.ts";
import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";

/**
 * Where a private-server order is delivered: the link of the Roblox private server staff meet the
 * shopper in. It is the order's own (staff's, or its product's at payment), shown to the order's
 * owner and staff only: never in an email, a webhook or the Mail tab, since anyone holding it can
 * join the server. A staff change of it is in the audit trail, which only staff read: a link that
 * sends a child to a stranger's server must be traceable to whoever set it.
 */
export interface PrivateServerLinks {
  /** Sets (null: clears) the order's link unless it is cancelled or delivered. */
  set(orderId: string, url: string | null): Promise<"set" | "not_found" | "closed">;
  /** The order's link now (null: none); undefined when there is no such order. */
  linkOf(orderId: string): Promise<string | null | undefined>;
}

const orderClosed = () =>
  new DomainError("conflict", ErrorCode.orderCancelled, "This order is cancelled or delivered: its private-server link can no longer change");

/**
 * Staff give an open order its private-server link (or clear it), in the unit of work the caller
 * audits. 404 unknown order, 409 cancelled or delivered.
 */
export async function setPrivateServerLink(
  input: { orderId: string; url: string | null },
  deps: { unitOfWork: UnitOfWork<{ privateServers: PrivateServerLinks }> },
): Promise<void> {
  const outcome = await deps.unitOfWork.run(({ privateServers }) => privateServers.set(input.orderId, input.url));
  if (outcome === "not_found") throw orderNotFound();
  if (outcome === "closed") throw orderClosed();
}

/** What the audit trail keeps of the change: the link before and after. */
export const privateServerLinkOf = async (repositories: { privateServers: PrivateServerLinks }, orderId: string) => {
  const link = await repositories.privateServers.linkOf(orderId);
  return link === undefined ? null : { privateServerUrl: link };
};
