import { createHmac } from "node:crypto";

/** Header names a receiver reads (docs/webhooks.md shows how to verify them). */
export const WEBHOOK_HEADERS = {
  id: "X-Webhook-Id",
  event: "X-Webhook-Event",
  timestamp: "X-Webhook-Timestamp",
  signature: "X-Webhook-Signature",
} as const;

/**
 * The signature of one attempt: HMAC-SHA256 with the endpoint's secret over `<timestamp>.<body>`
 * (timestamp in Unix seconds, the body's exact bytes), hex, prefixed `v1=`. Signing the timestamp
 * with the body lets a receiver refuse a replayed old delivery.
 */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}
