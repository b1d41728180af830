import * as z from "zod";
import type { ProviderEvent } from "#domain/payments/payment-gateway.port.ts";
import { centsFromDecimal } from "#domain/shared/money.ts";
import { Money } from "./paypal-answers.ts";

/**
 * PayPal's webhook events as the store reads them, once paypal-gateway.ts has verified them with
 * verify-webhook-signature: the event's envelope, the resources the store acts on (a capture, a
 * refund, a dispute) and how each becomes a ProviderEvent.
 */

const Link = z.object({ href: z.string(), rel: z.string() });
/** The envelope of every webhook event. */
export const WebhookEvent = z.object({
  id: z.string().min(1),
  event_type: z.string().min(1),
  resource: z.record(z.string(), z.unknown()),
});
const CaptureResource = z.object({
  id: z.string(),
  amount: Money.optional(),
  supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().optional() }).optional() }).optional(),
});
const RefundResource = z.object({ id: z.string(), amount: Money, links: z.array(Link).optional() });
const DisputeResource = z.object({
  dispute_id: z.string(),
  disputed_transactions: z.array(z.object({ seller_transaction_id: z.string().optional() })).optional(),
  dispute_outcome: z.object({ outcome_code: z.string().optional() }).optional(),
});

const CAPTURE_EVENTS: Record<string, "capture_completed" | "capture_pending" | "capture_denied" | "capture_reversed"> = {
  "PAYMENT.CAPTURE.COMPLETED": "capture_completed",
  "PAYMENT.CAPTURE.PENDING": "capture_pending",
  "PAYMENT.CAPTURE.DENIED": "capture_denied",
  "PAYMENT.CAPTURE.DECLINED": "capture_denied",
  "PAYMENT.CAPTURE.REVERSED": "capture_reversed",
};

/** A verified PayPal event as the store's ProviderEvent; an event type the store does not act on is "ignored". */
export function decodeEvent(event: z.infer<typeof WebhookEvent>): ProviderEvent | null {
  const common = { id: event.id, type: event.event_type };
  const captureKind = CAPTURE_EVENTS[event.event_type];
  if (captureKind) {
    const capture = CaptureResource.safeParse(event.resource);
    if (!capture.success) return null;
    const amount = capture.data.amount && capture.data.amount.currency_code === "USD" ? centsFromDecimal(capture.data.amount.value) : null;
    return { ...common, kind: captureKind, captureId: capture.data.id, paymentId: capture.data.supplementary_data?.related_ids?.order_id ?? null, amount };
  }
  if (event.event_type === "PAYMENT.CAPTURE.REFUNDED") {
    const refund = RefundResource.safeParse(event.resource);
    const amount = refund.success ? centsFromDecimal(refund.data.amount.value) : null;
    if (!refund.success || amount === null) return null;
    // The refund links "up" to its capture: .../v2/payments/captures/{capture_id}.
    const up = refund.data.links?.find((link) => link.rel === "up")?.href ?? "";
    const captureId = /\/captures\/([^/?#]+)/.exec(up)?.[1] ?? null;
    return { ...common, kind: "capture_refunded", refundId: refund.data.id, amount, captureId, paymentId: null };
  }
  if (event.event_type.startsWith("CUSTOMER.DISPUTE.")) {
    const dispute = DisputeResource.safeParse(event.resource);
    if (!dispute.success) return null;
    const captureId = dispute.data.disputed_transactions?.[0]?.seller_transaction_id ?? null;
    const kind =
      event.event_type === "CUSTOMER.DISPUTE.RESOLVED" ? "dispute_resolved" : event.event_type === "CUSTOMER.DISPUTE.CREATED" ? "dispute_opened" : null;
    if (!kind) return { ...common, kind: "ignored", captureId, paymentId: null };
    return { ...common, kind, disputeId: dispute.data.dispute_id, outcome: dispute.data.dispute_outcome?.outcome_code ?? null, captureId, paymentId: null };
  }
  return { ...common, kind: "ignored", captureId: null, paymentId: null };
}
