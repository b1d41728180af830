import type { Clock } from "../shared/clock.port.ts";
import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import { productNotFound } from "../catalogue/catalogue.errors.ts";
import type { StockAlertRepository } from "./stock-alerts.port.ts";

export const itemRequestNotFound = () => new DomainError("not_found", ErrorCode.itemRequestNotFound, "Item request not found");

/**
 * Staff link a shopper's item request to the product that answers it: the form promised "we'll
 * email you when it's in stock", so the request's address now waits for that product like any
 * "Email me when it's back", from the moment of the link. A product made for the request starts at
 * 0: its first stock is the restock the shopper waits for. A product already in stock is told at
 * once: the link records it as in stock, and the restock job emails the address on its next run.
 */
export async function linkItemRequest(
  input: { itemRequestId: string; productId: string },
  deps: { alerts: StockAlertRepository; clock: Clock; ids: IdGenerator },
): Promise<void> {
  const request = await deps.alerts.itemRequest(input.itemRequestId);
  if (!request) throw itemRequestNotFound();
  const stock = await deps.alerts.stockOf(input.productId);
  if (stock === null) throw productNotFound();
  await deps.alerts.linkItemRequest(input.itemRequestId, input.productId);
  await deps.alerts.addUnlessWaiting(
    {
      id: deps.ids.newId(),
      productId: input.productId,
      email: request.email,
      status: "waiting",
      createdAt: deps.clock.now().toISOString(),
      itemRequestId: input.itemRequestId,
    },
    "staff",
  );
  if (stock > 0) await deps.alerts.recordInStock(input.productId, stock);
}
