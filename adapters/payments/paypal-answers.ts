import * as z from "zod";
import type { CaptureState } from "#domain/payments/payment-gateway.port.ts";

/** PayPal's answers as the gateway (paypal-gateway.ts) reads them, and its failures. */

export const TokenResponse = z.object({ access_token: z.string().min(1), expires_in: z.number() });
export const ClientTokenResponse = z.object({ client_token: z.string().min(1) });
export const CreateResponse = z.object({ id: z.string().min(1), status: z.string() });
export const Money = z.object({ currency_code: z.string(), value: z.string() });
export const Capture = z.object({ id: z.string(), status: z.string(), amount: Money, status_details: z.object({ reason: z.string() }).optional() });
/** Where Orders v2 names the payer: payment_source.paypal (account_id) and the older top-level payer (payer_id). */
const Country = z.object({ country_code: z.string().optional() }).optional();
const PayPalSource = z.object({ account_id: z.string().optional(), email_address: z.string().optional(), address: Country }).optional();
const LegacyPayer = z.object({ payer_id: z.string().optional(), email_address: z.string().optional(), address: Country }).optional();
export const OrderWithCaptures = z.object({
  id: z.string(),
  status: z.string(),
  payment_source: z.object({ paypal: PayPalSource }).optional(),
  payer: LegacyPayer,
  purchase_units: z.array(z.object({ payments: z.object({ captures: z.array(Capture).optional() }).optional() })).min(1),
});
export const CaptureLookup = z.object({ id: z.string(), status: z.string() });
export const RefundResponse = z.object({ id: z.string(), status: z.string(), status_details: z.object({ reason: z.string() }).optional() });
export const ErrorResponse = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  /** OAuth errors: { error, error_description }. */
  error: z.string().optional(),
  details: z.array(z.object({ issue: z.string(), description: z.string().optional() })).optional(),
});
export const VerifyResponse = z.object({ verification_status: z.string() });

/** A failed PayPal call; `debugId` is what PayPal support needs to trace it. */
export class PayPalError extends Error {
  override name = "PayPalError";
  readonly status: number | null;
  readonly issue: string | null;
  readonly debugId: string | null;
  constructor(message: string, status: number | null = null, issue: string | null = null, debugId: string | null = null) {
    super(message);
    this.status = status;
    this.issue = issue;
    this.debugId = debugId;
  }
}

// Declines where PayPal lets the buyer pick another funding source for the same order (the page
// calls actions.restart()): developer.paypal.com/docs/checkout/standard/customize/handle-funding-failures/
export const RESTARTABLE = new Set(["INSTRUMENT_DECLINED", "ORDER_NOT_APPROVED", "REDIRECT_PAYER_FOR_ALTERNATE_FUNDING", "PAYER_ACTION_REQUIRED"]);

export const CAPTURE_STATES: Record<string, CaptureState> = {
  COMPLETED: "completed",
  PENDING: "pending",
  DECLINED: "denied",
  FAILED: "denied",
  REFUNDED: "refunded",
  PARTIALLY_REFUNDED: "partially_refunded",
};
