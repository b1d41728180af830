import { DELIVERY_METHODS, type DeliveryMethod } from "../catalogue/requirements.ts";
import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";
import { DELIVERY_METHOD_LABELS } from "./delivery-steps.ts";

/**
 * Delivery methods are data: the owner can pause one (when Roblox changes a rule, say, gamepasses)
 * and checkout refuses a cart that needs it until it is resumed. Orders already paid are not touched.
 */

/** The methods as kept: known ones only, each once, in the store's order. */
export function checkPausedMethods(methods: readonly string[]): DeliveryMethod[] {
  return DELIVERY_METHODS.filter((method) => methods.includes(method));
}

export const deliveryMethodPaused = (productName: string, method: DeliveryMethod) =>
  new DomainError(
    "conflict",
    ErrorCode.deliveryMethodPaused,
    `${productName} cannot be bought just now: ${DELIVERY_METHOD_LABELS[method]} deliveries are paused. Please remove it from your cart or try again later.`,
    { answer: { code: ErrorCode.deliveryMethodPaused, deliveryMethod: method } },
  );

/** Refuses (409 delivery_method_paused) the first product whose delivery method is paused. */
export function refusePausedMethods(products: readonly ({ name: string; deliveryMethod?: DeliveryMethod } | null)[], paused: readonly DeliveryMethod[]): void {
  if (paused.length === 0) return;
  const stopped = products.find((product) => product?.deliveryMethod !== undefined && paused.includes(product.deliveryMethod));
  if (stopped?.deliveryMethod) throw deliveryMethodPaused(stopped.name, stopped.deliveryMethod);
}
