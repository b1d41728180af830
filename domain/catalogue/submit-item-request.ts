import type { Clock } from "../shared/clock.port.ts";
import { DomainError } from "../shared/domain-error.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import { gameNotFound } from "./catalogue.errors.ts";
import { ITEM_REQUEST_RATE, itemRequestProblem, type ItemRequest, type ItemRequestInput } from "./item-request.ts";
import type { ItemRequestRepository } from "./item-request-repository.port.ts";
import { ErrorCode } from "../shared/error-codes.ts";

/**
 * Stores a shopper's request for an item. Refuses (as DomainErrors) a request that breaks the form's
 * rules (invalid), names an unknown game (not_found), or comes from an email or client that already
 * sent ITEM_REQUEST_RATE.max requests within the last minute (rate_limited). `clientKey` is an opaque
 * key of the sender's connection (the server passes a hash of the client address).
 */
export async function submitItemRequest(
  input: ItemRequestInput & { clientKey: string },
  deps: { requests: ItemRequestRepository; clock: Clock; ids: IdGenerator },
): Promise<ItemRequest> {
  const problem = itemRequestProblem(input);
  if (problem) throw new DomainError("invalid", ErrorCode.invalidItemRequest, problem);
  const email = input.email.trim().toLowerCase();
  const now = deps.clock.now();
  const since = new Date(now.getTime() - ITEM_REQUEST_RATE.windowMs).toISOString();
  if ((await deps.requests.countRecent({ email, clientKey: input.clientKey }, since)) >= ITEM_REQUEST_RATE.max) {
    throw new DomainError("rate_limited", ErrorCode.itemRequestsRateLimited, "Too many requests. Please wait a minute and try again.");
  }
  if (!(await deps.requests.gameExists(input.gameId))) throw gameNotFound();
  const request: ItemRequest = {
    id: deps.ids.newId(),
    gameId: input.gameId,
    itemName: input.itemName.trim(),
    email,
    description: input.description.trim(),
    createdAt: now.toISOString(),
  };
  await deps.requests.add(request, input.clientKey);
  return request;
}
