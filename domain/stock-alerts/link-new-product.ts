import type { AuditActor } from "../audit/audit-entry.ts";
import { generatedItemPicture, type ProductFields } from "../catalogue/product.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { Cents } from "../shared/money.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { itemRequestNotFound, linkItemRequest } from "./link-item-request.ts";
import type { StockAlertRepository } from "./stock-alerts.port.ts";

/** What staff say about the product they make for a request; its game is the request's. */
export interface NewProductForRequest {
  /** Blank: the name the shopper typed. */
  name: string;
  category: string;
  price: Cents;
  description: string;
}

/**
 * Staff answer an item request with a product the shop did not have: it is made in the request's
 * game with stock 0 and the store's generated picture (the catalogue's own use case, audited as any
 * new product), and the request is linked to it, so the shopper is emailed at its first stock.
 */
export async function linkItemRequestToNewProduct(
  input: { itemRequestId: string; product: NewProductForRequest },
  actor: AuditActor,
  deps: {
    alerts: StockAlertRepository;
    linking: UnitOfWork<{ alerts: StockAlertRepository }>;
    clock: Clock;
    ids: IdGenerator;
    createProduct: (fields: ProductFields, actor: AuditActor) => Promise<{ id: string }>;
  },
): Promise<{ productId: string }> {
  const request = await deps.alerts.itemRequest(input.itemRequestId);
  if (!request) throw itemRequestNotFound();
  const name = input.product.name.trim() || request.itemName;
  const category = input.product.category;
  const created = await deps.createProduct(
    {
      name,
      gameId: request.gameId,
      category,
      price: input.product.price,
      originalPrice: null,
      image: generatedItemPicture(name, category),
      description: input.product.description,
      stock: 0,
      featured: false,
    },
    actor,
  );
  await linkItemRequest({ itemRequestId: input.itemRequestId, productId: created.id }, deps);
  return { productId: created.id };
}
