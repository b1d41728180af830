import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";

export const orderNotFound = () => new DomainError("not_found", ErrorCode.orderNotFound, "Order not found");
export const orderChangedMeanwhile = () =>
  new DomainError("conflict", ErrorCode.orderChanged, "The order was changed by someone else. Please reload and try again.");
