import type { Cents } from "../shared/money.ts";

export type PaymentProvider = "sandbox" | "paypal";

export type CaptureResult =
  | { status: "completed"; captureId: string; amount: Cents; currency: string }
  | { status: "declined"; reason: string };

/**
 * Takes the shopper's money through a payment provider. Calls that create or capture carry a
 * request id: repeating a call with the same request id (a retry, or two racing requests) returns
 * the first answer and never charges twice. Unexpected provider failures are thrown as errors.
 */
export interface PaymentGateway {
  readonly provider: PaymentProvider;
  /** What the browser-side payment script needs to start (PayPal's client token). */
  clientToken(): Promise<string>;
  /** Opens a payment for this amount; answers the provider's order id. */
  createOrder(input: { amount: Cents; currency: "USD"; reference: string; requestId: string }): Promise<{ id: string }>;
  /** Takes the money of an approved order; a declined or unknown order answers "declined". */
  captureOrder(input: { orderId: string; requestId: string }): Promise<CaptureResult>;
  /** Gives a captured payment back in full (when the order could not be placed after all). */
  refundCapture(input: { captureId: string; amount: Cents; currency: "USD"; requestId: string }): Promise<void>;
}
