import { paymentWebhookRoute } from "#server/payment-webhook-route.ts";

// Stripe's webhook deliveries (payment_intent.*, charge.refunded, charge.dispute.*), each verified
// with its Stripe-Signature header against STRIPE_WEBHOOK_SECRET first.
export const POST = paymentWebhookRoute("stripe");
