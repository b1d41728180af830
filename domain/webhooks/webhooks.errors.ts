import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";
import { MAX_WEBHOOK_ENDPOINTS } from "./webhook.ts";

export const webhookNotFound = () => new DomainError("not_found", ErrorCode.webhookNotFound, "This webhook no longer exists");
/** The URL is not one the shop may call (the reason says why: plain http, a private address...). */
export const webhookTargetRefused = (reason: string) => {
  const message = `The shop cannot send to this URL: ${reason}`;
  return new DomainError("invalid", ErrorCode.webhookTargetRefused, message, { fields: { url: message } });
};
export const webhookLimit = () =>
  new DomainError("conflict", ErrorCode.webhookLimit, `The shop keeps at most ${MAX_WEBHOOK_ENDPOINTS} webhooks: remove one first`);
