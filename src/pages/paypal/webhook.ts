import { paymentWebhookRoute } from "#server/payment-webhook-route.ts";

// PayPal's webhook deliveries (PAYMENT.CAPTURE.*, CUSTOMER.DISPUTE.*), each verified with PayPal's
// verify-webhook-signature API against PAYPAL_WEBHOOK_ID first.
export const POST = paymentWebhookRoute("paypal");
