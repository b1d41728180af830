import { DomainError } from "./domain-error.ts";
import { ErrorCode } from "./error-codes.ts";

/**
 * The rule every "reorder" call follows: the requested order must name exactly the items there are
 * now, each once. A repeated id is a malformed request (invalid); a missing, extra or unknown id
 * means the caller's list is out of date, e.g. someone added an item meanwhile (conflict), so
 * nothing is reordered and the caller reloads. `what` names the items in the message ("products").
 * Returns the requested ids, whose index becomes each item's displayOrder.
 */
export function checkReorder(current: readonly string[], requested: readonly string[], what: string): readonly string[] {
  if (requested.length === 0) throw new DomainError("invalid", ErrorCode.emptyOrder, `The new order of ${what} is empty`);
  if (new Set(requested).size !== requested.length) {
    throw new DomainError("invalid", ErrorCode.repeatedInOrder, `The new order names one of the ${what} more than once`);
  }
  const now = new Set(current);
  const sameSet = requested.length === now.size && requested.every((id) => now.has(id));
  if (!sameSet) {
    throw new DomainError(
      "conflict",
      ErrorCode.orderOutOfDate,
      `The new order must list exactly the current ${what}; they have changed since the list was loaded. Reload and try again.`,
    );
  }
  return requested;
}
