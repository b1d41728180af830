import Stripe from "stripe";
import type { CaptureResult, CaptureState, Payer, PaymentGateway, RefundResult } from "#domain/payments/payment-gateway.port.ts";
import { decodeStripeEvent, StripeEvent } from "./stripe-webhook-events.ts";

export interface StripeGatewayConfig {
  secretKey: string;
  /** Stripe's API origin (https://api.stripe.com); the tests point it at a local fixture server. */
  apiUrl: string;
  /** The webhook endpoint's signing secret (STRIPE_WEBHOOK_SECRET); without it no webhook is verified. */
  webhookSecret?: string | undefined;
  /** Every call to Stripe gives up after this long (default 15 s). */
  timeoutMs?: number;
  /** Told about every failed call, with Stripe's request id (what Stripe support asks for). */
  onFailure?: (failure: { operation: string; status: number | null; code: string | null; requestId: string | null; message: string }) => void;
}

type Intent = Stripe.PaymentIntent;

/** The card payment's risk facts from its charge: the card's fingerprint and country, the payer's email, Radar's verdict. */
function payerOf(intent: Intent): Payer | null {
  const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  if (!charge) return intent.receipt_email ? { id: null, email: intent.receipt_email, country: null } : null;
  const card = charge.payment_method_details?.card ?? null;
  return {
    id: card?.fingerprint ?? null,
    email: charge.billing_details?.email ?? charge.receipt_email ?? intent.receipt_email ?? null,
    country: card?.country ?? charge.billing_details?.address?.country ?? null,
    riskLevel: charge.outcome?.risk_level ?? null,
  };
}

/**
 * Stripe's PaymentIntents API through the official `stripe` SDK, done as Stripe documents it:
 * - a PaymentIntent per checkout payment, created with the store's request id as Idempotency-Key
 *   (a repeated call answers the first PaymentIntent); the browser confirms it with the Payment
 *   Element (cards, Apple Pay, Google Pay: automatic_payment_methods) using its client_secret;
 * - the store's "capture" reads the confirmed PaymentIntent: succeeded is a completed payment;
 *   processing or requires_action (3-D Secure still open) a payment held for review, settled later by
 *   webhook or reconciliation; requires_payment_method after a failed attempt a decline the buyer can
 *   retry with another card on the same PaymentIntent; canceled a decline for good;
 * - the capture id is the PaymentIntent id: refunds, disputes and charge events all name it;
 * - a webhook is believed only once its Stripe-Signature verifies against STRIPE_WEBHOOK_SECRET
 *   (stripe.webhooks.constructEvent, which also refuses a signature older than five minutes).
 */
export function createStripeGateway(config: StripeGatewayConfig): PaymentGateway {
  const url = new URL(config.apiUrl);
  const stripe = new Stripe(config.secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === "http:" ? 80 : 443),
    protocol: url.protocol === "http:" ? "http" : "https",
    timeout: config.timeoutMs ?? 15_000,
    // Retries of a create or refund carry the same Idempotency-Key, so they never act twice.
    maxNetworkRetries: 1,
    telemetry: false,
  });

  function failed(operation: string, error: unknown): Error {
    const e = error instanceof Stripe.errors.StripeError ? error : null;
    const failure = {
      operation,
      status: e?.statusCode ?? null,
      code: e?.code ?? null,
      requestId: e?.requestId ?? null,
      message: e?.message ?? String(error),
    };
    config.onFailure?.(failure);
    return new Error(
      `Stripe ${operation} failed${failure.status ? ` with HTTP ${failure.status}` : ""}: ${failure.message}${failure.requestId ? ` [request ${failure.requestId}]` : ""}`,
      {
        cause: error,
      },
    );
  }

  const notFound = (error: unknown) => error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;

  async function retrieve(id: string, operation: string): Promise<Intent | null> {
    try {
      return await stripe.paymentIntents.retrieve(id, { expand: ["latest_charge"] });
    } catch (error) {
      if (notFound(error)) return null;
      throw failed(operation, error);
    }
  }

  return {
    provider: "stripe",
    async clientToken() {
      return "stripe";
    },
    async clientSecret(paymentId) {
      return (await retrieve(paymentId, "client secret"))?.client_secret ?? null;
    },
    async createOrder({ amount, currency, reference, requestId, description }) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount,
            currency: currency.toLowerCase(),
            automatic_payment_methods: { enabled: true },
            ...(description ? { description: description.description } : {}),
            metadata: { checkout_id: reference },
          },
          { idempotencyKey: requestId },
        );
        return { id: intent.id };
      } catch (error) {
        throw failed("create payment intent", error);
      }
    },
    async captureOrder({ orderId }): Promise<CaptureResult> {
      const intent = await retrieve(orderId, "payment intent");
      if (!intent) return { status: "declined", reason: "Stripe does not know this payment", restartable: false };
      const base = { captureId: intent.id, currency: intent.currency.toUpperCase(), payer: payerOf(intent) };
      switch (intent.status) {
        case "succeeded":
          return { status: "completed", amount: intent.amount_received || intent.amount, ...base };
        case "processing":
          return { status: "pending", amount: intent.amount, reason: "the card payment is processing", recheckAt: null, ...base };
        case "requires_action":
          return { status: "pending", amount: intent.amount, reason: "waiting for the card's 3-D Secure check", recheckAt: null, ...base };
        case "requires_capture":
          return { status: "pending", amount: intent.amount, reason: "authorised, not yet captured", recheckAt: null, ...base };
        case "canceled":
          return { status: "declined", reason: "the payment was cancelled", restartable: false };
        default: {
          // requires_payment_method / requires_confirmation: nothing was taken; another card may be tried.
          const why = intent.last_payment_error?.message;
          return {
            status: "declined",
            reason: why ? `your card was declined (${why}). Please try another card or way to pay` : "the card payment was not confirmed",
            restartable: true,
          };
        }
      }
    },
    async captureStatus(captureId): Promise<CaptureState> {
      const intent = await retrieve(captureId, "payment intent status");
      if (!intent) return "unknown";
      const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
      switch (intent.status) {
        case "succeeded":
          if (charge?.disputed) return "reversed";
          if (charge?.refunded) return "refunded";
          return charge && charge.amount_refunded > 0 ? "partially_refunded" : "completed";
        case "processing":
        case "requires_action":
        case "requires_capture":
          return "pending";
        case "canceled":
        case "requires_payment_method":
          return "denied";
        default:
          return "unknown";
      }
    },
    async refundCapture({ captureId, amount, requestId, note }): Promise<RefundResult> {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: captureId, amount, ...(note ? { metadata: { reason: note.slice(0, 500) } } : {}) },
          { idempotencyKey: requestId },
        );
        if (refund.status === "succeeded") return { status: "completed", id: refund.id };
        if (refund.status === "pending" || refund.status === "requires_action") return { status: "pending", id: refund.id };
        return { status: "refused", reason: `the refund ${refund.status ?? "failed"}${refund.failure_reason ? ` (${refund.failure_reason})` : ""}` };
      } catch (error) {
        // Stripe said no for good (already refunded, more than is left, unknown payment): nothing moved.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return { status: "refused", reason: error.code ?? error.message };
        throw failed("refund", error);
      }
    },
    async verifyWebhook({ headers, body }) {
      if (!config.webhookSecret) {
        config.onFailure?.({ operation: "webhook verification", status: null, code: null, requestId: null, message: "STRIPE_WEBHOOK_SECRET is not set" });
        return null;
      }
      const signature = headers["stripe-signature"] ?? headers["Stripe-Signature"] ?? "";
      if (!signature) return null;
      let verified;
      try {
        verified = stripe.webhooks.constructEvent(body, signature, config.webhookSecret);
      } catch {
        return null;
      }
      const parsed = StripeEvent.safeParse(verified);
      if (!parsed.success) return null;
      return decodeStripeEvent(parsed.data, async (chargeId) => {
        try {
          const list = await stripe.refunds.list({ charge: chargeId, limit: 1 });
          const refund = list.data[0];
          return refund ? { id: refund.id, amount: refund.amount, created: refund.created, status: refund.status } : null;
        } catch (error) {
          throw failed("list refunds", error);
        }
      });
    },
  };
}
