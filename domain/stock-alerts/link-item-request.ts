import type { Clock } from "../shared/clock.port.ts";
import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { productNotFound } from "../catalogue/catalogue.errors.ts";
import type { StockAlertRepository } from "./stock-alerts.port.ts";

export const itemRequestNotFound = () => new DomainError("not_found", ErrorCode.itemRequestNotFound, "Item request not found");

/**
 * Staff link a shopper's item request to the product that answers it: the form promised "we'll
 * email you when it's in stock", so the request's address now waits for that product like any
 * "Email me when it's back", from the moment of the link. A product made for the request starts at
 * 0: its first stock is the restock the shopper waits for. A product already in stock is told at
 * once: the link records it as in stock, and the restock job emails the address on its next run.
 * One transaction: the link, the waiting address and the stock record are kept together or not at
 * all (a request shown as linked always has its address waiting).
 */
export async function linkItemRequest(
  input: { itemRequestId: string; productId: string },
  deps: { linking: UnitOfWork<{ alerts: StockAlertRepository }>; clock: Clock; ids: IdGenerator },
): Promise<void> {
  await deps.linking.run(async ({ alerts }) => {
    const request = await alerts.itemRequest(input.itemRequestId);
    if (!request) throw itemRequestNotFound();
    const stock = await alerts.stockOf(input.productId);
    if (stock === null) throw productNotFound();
    await alerts.linkItemRequest(input.itemRequestId, input.productId);
    await alerts.addUnlessWaiting(
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
    if (stock > 0) await alerts.recordInStock(input.productId, stock);
  });
}
