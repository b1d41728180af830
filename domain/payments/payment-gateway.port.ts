import type { Cents } from "../shared/money.ts";

export const PAYMENT_PROVIDERS = ["sandbox", "paypal", "stripe"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** What the sandbox's test button lets a newcomer choose (sandbox only; a real provider ignores it). */
export type SandboxOutcome = "approve" | "decline" | "pending";

/**
 * Who paid, as the provider reports it at capture (PayPal: the payer's account id, email and
 * country); each part null when the provider did not say. Personal data: kept for the risk checks only.
 */
export interface Payer {
  id: string | null;
  email: string | null;
  /** ISO 3166-1 alpha-2 (Stripe: the card's country). */
  country: string | null;
  /** The provider's own risk verdict, when it gives one (Stripe Radar's outcome.risk_level: normal, elevated, highest). */
  riskLevel?: string | null;
}

export type CaptureResult =
  | { status: "completed"; captureId: string; amount: Cents; currency: string; payer?: Payer | null }
  /**
   * The provider took the payment but holds it for review (PayPal: a PENDING capture). It completes
   * or is denied later, by webhook or when asked (captureStatus). `recheckAt`: when asking again is
   * worth it, if the provider says (the sandbox does); null: the store's reconciliation interval.
   */
  | { status: "pending"; captureId: string; amount: Cents; currency: string; reason: string; recheckAt: Date | null; payer?: Payer | null }
  /**
   * No money was taken. `restartable`: the buyer may approve the same payment again with another
   * funding source (PayPal INSTRUMENT_DECLINED: the page calls actions.restart()); otherwise the
   * payment is finished and a new one is needed.
   */
  | { status: "declined"; reason: string; restartable: boolean };

export type RefundResult = { status: "completed" | "pending"; id: string } | { status: "refused"; reason: string };

/** A capture as the provider sees it now (reconciliation). */
export type CaptureState = "completed" | "pending" | "denied" | "refunded" | "partially_refunded" | "reversed" | "unknown";

/** What the buyer's receipt at the provider names. */
export interface PaymentDescription {
  /** One line for the whole purchase ("BloxBazaar order: 2 items"). */
  description: string;
  /** The store's reference for the payment (the checkout id): PayPal custom_id and invoice_id. */
  reference: string;
  items: { name: string; quantity: number; unitAmount: Cents }[];
  /** The sum of the items less any discount or store credit (so items and amount agree). */
  discount: Cents;
}

/**
 * A fact the provider reports by webhook, already verified and decoded by the adapter. The ids let
 * the store find the order: the capture id, else the provider's order id (the order's paymentId).
 */
export type ProviderEvent = {
  /** The provider's event id: each event is processed once. */
  id: string;
  type: string;
  captureId: string | null;
  paymentId: string | null;
} & (
  | {
      kind: "capture_completed" | "capture_pending" | "capture_denied" | "capture_reversed";
      /** The captured amount, when the event carries it. */ amount?: Cents | null;
    }
  | { kind: "capture_refunded"; refundId: string; amount: Cents }
  | { kind: "dispute_opened" | "dispute_resolved"; disputeId: string; outcome: string | null }
  | { kind: "ignored" }
);

/**
 * Takes the shopper's money through a payment provider. Calls that create, capture or refund carry
 * a request id: repeating a call with the same request id (a retry, or two racing requests) returns
 * the first answer and never charges or refunds twice. Unexpected provider failures (network,
 * timeouts, 5xx) are thrown as errors that name the provider's debug id when it gave one.
 */
export interface PaymentGateway {
  readonly provider: PaymentProvider;
  /** What the browser-side payment script needs to start (PayPal's client token). */
  clientToken(): Promise<string>;
  /**
   * What the browser needs to confirm this payment itself (Stripe: the PaymentIntent's
   * client_secret); null for a provider whose page needs only the payment id (PayPal, the sandbox).
   */
  clientSecret(paymentId: string): Promise<string | null>;
  /** Opens a payment for this amount; answers the provider's order id. */
  createOrder(input: {
    amount: Cents;
    currency: "USD";
    reference: string;
    requestId: string;
    description?: PaymentDescription;
    sandboxOutcome?: SandboxOutcome;
  }): Promise<{ id: string }>;
  /** Takes the money of an approved order; see CaptureResult. */
  captureOrder(input: { orderId: string; requestId: string }): Promise<CaptureResult>;
  /** Where a capture stands now; "unknown" when the provider does not know it (reconciliation of a webhook that never came). */
  captureStatus(captureId: string): Promise<CaptureState>;
  /**
   * Gives `amount` of a captured payment back (all of it or part). "pending" when the provider
   * accepted the refund but has not finished it (it completes by itself); "refused" when the
   * provider said no for good (nothing moved). A failure that leaves it unknown whether the money
   * moved (timeout, network, 5xx) is thrown: repeat it with the same request id.
   */
  refundCapture(input: { captureId: string; amount: Cents; currency: "USD"; requestId: string; note?: string }): Promise<RefundResult>;
  /**
   * A webhook delivery checked with the provider (PayPal: verify-webhook-signature) and decoded;
   * null when it is not verified or not understood, and then nothing may change.
   */
  verifyWebhook(input: { headers: Record<string, string>; body: string }): Promise<ProviderEvent | null>;
}

/**
 * The payment providers the store is configured with (PAYMENT_PROVIDERS), each with its gateway.
 * A payment goes back to the gateway that took it: the checkout and the order record the provider,
 * and refunds, reconciliation and webhooks ask that provider's gateway.
 */
export interface PaymentGateways {
  /** The configured providers, the shop's default first (what a checkout that names none pays with). */
  readonly providers: readonly PaymentProvider[];
  /** The gateway of `provider`; throws paymentProviderUnavailable when the store is not configured with it. */
  of(provider: string): PaymentGateway;
}
