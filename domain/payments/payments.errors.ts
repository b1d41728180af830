import { DomainError } from "../shared/domain-error.ts";
import { formatCents, type Cents } from "../shared/money.ts";
import { ErrorCode } from "../shared/error-codes.ts";

export const paymentNotReceived = () =>
  new DomainError("conflict", ErrorCode.paymentNotReceived, "This order's payment has not been received yet, so there is nothing to refund.");
export const paymentNotRefundable = (status: string) =>
  new DomainError("conflict", ErrorCode.paymentNotRefundable, `This order's payment is ${status.replace("_", " ")}: it cannot be refunded here.`);
export const nothingLeftToRefund = () => new DomainError("conflict", ErrorCode.nothingToRefund, "Everything this order took has been refunded already.");
export const refundTooLarge = (left: Cents, destination: string) =>
  new DomainError(
    "conflict",
    ErrorCode.refundTooLarge,
    destination === "payment"
      ? `At most $${formatCents(left)} can go back to the payment (the rest was paid with store credit or is refunded already).`
      : `At most $${formatCents(left)} is left to refund on this order.`,
  );
export const noPaymentToRefund = () =>
  new DomainError("conflict", ErrorCode.noPaymentToRefund, "This order was paid with store credit alone: refund it to store credit.");
export const refundRefused = (reason: string) => new DomainError("conflict", ErrorCode.refundRefused, `The payment provider refused the refund: ${reason}`);
/** `cause`: the provider's error (a timeout, a 5xx with its debug id), kept for the log. */
export const refundNotConfirmed = (cause?: unknown) =>
  new DomainError(
    "provider_unavailable",
    ErrorCode.refundNotConfirmed,
    "The payment provider did not confirm the refund. Send the same request again (same Idempotency-Key) to finish it; it will not refund twice.",
    { cause },
  );
export const webhookNotVerified = () => new DomainError("invalid", ErrorCode.webhookNotVerified, "The webhook could not be verified");
export const paymentNotYetComplete = () =>
  new DomainError("conflict", ErrorCode.paymentAwaiting, "This order's payment is still being reviewed: it can be processed or completed once it is paid.");
/** A provider the store is not configured with (PAYMENT_PROVIDERS), or a payment made with one it no longer takes. */
export const paymentProviderUnavailable = (provider: string) =>
  new DomainError("invalid", ErrorCode.paymentProviderUnavailable, `This shop does not take payments with ${provider} right now.`);
/**
 * A configured provider that did not answer when a payment was to be opened there (down, a network
 * fault, a timeout): nothing was charged, and the shopper may pay with another configured provider.
 * `cause`: the provider's error, for the log.
 */
export const paymentProviderUnreachable = (method: string, cause: unknown) =>
  new DomainError(
    "provider_unavailable",
    ErrorCode.paymentProviderUnreachable,
    `${method} payments are unavailable right now: our payment provider could not be reached. Nothing was charged. Please choose another way to pay, or try again in a few minutes.`,
    { cause },
  );
