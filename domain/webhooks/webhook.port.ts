import type { Audited } from "../audit/audit-log.port.ts";
import type { WebhookEndpoint, WebhookEvent, WebhookFormat, WebhookStatus } from "./webhook.ts";

/**
 * An endpoint as the audit trail keeps it: never its secret, and its URL shortened (redactedUrl:
 * a Discord URL's path ends in the token that lets anyone post to the channel).
 */
export interface AuditedWebhook {
  url: string;
  format: WebhookFormat;
  events: WebhookEvent[];
  status: WebhookStatus;
}

/** The owner's endpoints as the settings use cases see them. */
export interface WebhookEndpoints {
  count(): Promise<number>;
  find(id: string): Promise<AuditedWebhook | null>;
  add(endpoint: WebhookEndpoint & { secret: string; createdAt: Date; createdBy: string }): Promise<void>;
  /** False when there is no such endpoint. Its deliveries go with it. */
  remove(id: string): Promise<boolean>;
  /** Active again with no failures counted; false when there is no such endpoint. */
  resume(id: string): Promise<boolean>;
}

/** The endpoints and the audit trail, in one transaction: every change the owner makes is audited with it. */
export interface WebhookRepositories extends Audited {
  endpoints: WebhookEndpoints;
}

/** A delivery the worker took: the endpoint's address, format and secret, the exact body. */
export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  url: string;
  format: WebhookFormat;
  secret: string;
  event: WebhookEvent;
  body: string;
  attempts: number;
  claim: string;
}

/** What one attempt came to: the receiver's status code and how long it took to answer. */
export interface AttemptOutcome {
  statusCode: number | null;
  responseMs: number | null;
  error: string | null;
  /** Seconds the receiver asked to wait (429's Retry-After), if it did. */
  retryAfterSeconds: number | null;
}

/**
 * The webhook outbox as the workers see it: a claim hands each due delivery of an active endpoint
 * to one worker across every process (the lease keeps it from being taken again while it is sent);
 * a record is ignored (false) when the claim is no longer this worker's.
 */
export interface WebhookQueue {
  claim(input: { now: Date; limit: number; leaseUntil: Date; claim: string }): Promise<ClaimedDelivery[]>;
  /** Delivered: the endpoint's failures in a row go back to 0. */
  markDelivered(delivery: ClaimedDelivery, at: Date, outcome: AttemptOutcome): Promise<boolean>;
  /**
   * Failed: tried again at `nextAttemptAt`, or given up when null. The endpoint's failures in a row
   * grow by one; at `pauseAfter` it is paused and its owners are told, in the same transaction.
   */
  markFailed(delivery: ClaimedDelivery, outcome: AttemptOutcome, nextAttemptAt: Date | null, pauseAfter: number): Promise<boolean>;
}

/**
 * Sends one delivery: signs it, posts it with a time-out, reads at most a few KB of the answer.
 * Throws WebhookTargetRefused when the address is not one the shop may call (loopback, private,
 * link-local in production; plain http in production).
 */
export interface WebhookSender {
  send(delivery: ClaimedDelivery): Promise<AttemptOutcome>;
}

/** Whether a URL may be an endpoint: answers the reason it may not, or null. */
export interface WebhookTargets {
  refusal(url: string): Promise<string | null>;
}

/** A new signing secret (random, URL-safe). */
export interface WebhookSecrets {
  newSecret(): string;
}

export type { WebhookEvent };
