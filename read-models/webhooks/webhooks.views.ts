import type { WebhookEvent, WebhookFormat, WebhookStatus } from "#domain/webhooks/webhook.ts";

/** An endpoint as the Settings tab lists it: never its secret, its URL shortened (redactedUrl). */
export interface WebhookView {
  id: string;
  url: string;
  format: WebhookFormat;
  events: WebhookEvent[];
  status: WebhookStatus;
  consecutiveFailures: number;
  pausedAt: string | null;
  createdAt: string;
}

/** One delivery of an endpoint: its outcome so far. */
export interface WebhookDeliveryView {
  id: string;
  event: WebhookEvent;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  statusCode: number | null;
  responseMs: number | null;
  error: string | null;
  createdAt: string;
  deliveredAt: string | null;
  nextAttemptAt: string | null;
}

/** POST /api/admin/webhooks: the new endpoint and, this once, its secret. */
export interface CreatedWebhookView {
  webhook: WebhookView;
  secret: string;
}
