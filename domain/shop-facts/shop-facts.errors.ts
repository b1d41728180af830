import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";

export const saleEndsBeforeStart = () => new DomainError("invalid", ErrorCode.saleEndsBeforeStart, "The sale must end after it starts");
export const saleAlreadyOver = () => new DomainError("invalid", ErrorCode.saleAlreadyOver, "The sale's end is already past");
export const saleCodeNotFound = () => new DomainError("invalid", ErrorCode.saleCodeNotFound, "No discount code with that name");
export const salePercentWithoutItems = () =>
  new DomainError("invalid", ErrorCode.salePercentWithoutItems, "A sale percentage needs the games or products it applies to");
