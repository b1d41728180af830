import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import { askStockAlert } from "./ask-stock-alert.ts";
import type { AuditActor } from "../audit/audit-entry.ts";
import type { ProductFields } from "../catalogue/product.ts";
import { linkItemRequest } from "./link-item-request.ts";
import { linkItemRequestToNewProduct, type NewProductForRequest } from "./link-new-product.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import type { StockAlertRepository } from "./stock-alerts.port.ts";

/**
 * Back in stock (issue 36): sign-ups, staff linking item requests, and the unsubscribe link. The
 * restock emails themselves are notices the mail worker writes (adapters/mail/restock-notices.ts).
 */
export function createStockAlertsModule(deps: {
  alerts: StockAlertRepository;
  /** The same storage in one transaction: an item request's link and what follows from it. */
  linking: UnitOfWork<{ alerts: StockAlertRepository }>;
  clock: Clock;
  ids: IdGenerator;
  /** The catalogue's own "add a product" (its rules and audit), for a product made for a request. */
  createProduct: (fields: ProductFields, actor: AuditActor) => Promise<{ id: string }>;
}) {
  return {
    askStockAlert: (input: { productId: string; email: string; clientKey: string }) => askStockAlert(input, deps),
    linkItemRequest: (input: { itemRequestId: string; productId: string }) => linkItemRequest(input, deps),
    linkItemRequestToNewProduct: (input: { itemRequestId: string; product: NewProductForRequest }, actor: AuditActor) =>
      linkItemRequestToNewProduct(input, actor, deps),
    /** Ends one alert by the token of its email; null when the token is unknown (already used, or made up). */
    unsubscribe: (token: string) => deps.alerts.unsubscribe(token),
  };
}

export type StockAlertsModule = ReturnType<typeof createStockAlertsModule>;
