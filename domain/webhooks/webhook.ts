/**
 * Outgoing webhooks (issue 38): the owner points the shop's events at another service (their own
 * server, a Discord channel). What an endpoint is, which events it may choose, and how a failing
 * one is retried and paused.
 */
import { shortId } from "../shared/short-id.ts";

/** The events an endpoint can choose, named for the receiver (stable: receivers switch on them). */
export const WEBHOOK_EVENTS = ["order.paid", "order.held", "order.delivered", "order.refunded", "order.late", "conversation.opened"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** "json": the signed JSON body below; "discord": a readable message for a Discord webhook URL. */
export const WEBHOOK_FORMATS = ["json", "discord"] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export type WebhookStatus = "active" | "paused";

export interface WebhookEndpoint {
  id: string;
  url: string;
  format: WebhookFormat;
  events: WebhookEvent[];
  status: WebhookStatus;
}

/** At most this many endpoints: each event becomes one delivery per endpoint. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

/** Failed attempts in a row (any delivery) after which an endpoint is paused and the owner told. */
export const PAUSE_AFTER_FAILURES = 5;

/** Attempts of one delivery before it is given up (the endpoint is usually paused long before). */
export const MAX_DELIVERY_ATTEMPTS = 8;

/**
 * When to try again after the attempt numbered `attempts` failed: 30 s, 2 min, 8 min, 32 min...
 * capped at 6 hours; at least what the receiver asked for (a 429's Retry-After). Null: give up.
 */
export function nextWebhookAttempt(attempts: number, now: Date, retryAfterSeconds: number | null = null): Date | null {
  if (attempts >= MAX_DELIVERY_ATTEMPTS) return null;
  const backoff = Math.min(30_000 * 4 ** Math.max(0, attempts - 1), 6 * 3600_000);
  const asked = retryAfterSeconds === null ? 0 : Math.min(retryAfterSeconds, 6 * 3600) * 1000;
  return new Date(now.getTime() + Math.max(backoff, asked));
}

/**
 * What a delivery tells, decided by the shop and never by what a row holds: order and
 * conversation ids, money in the spec's decimal strings, the Roblox name to deliver to. Never a
 * shopper's email, password, session, token or payment-provider data (docs/webhooks.md).
 */
export type WebhookFacts =
  /** `reviewed`: it was held for review and staff approved it (issue 46). */
  | { event: "order.paid"; orderId: string; total: string; itemCount: number; robloxUsername: string; reviewed?: boolean }
  | { event: "order.held"; orderId: string }
  | { event: "order.delivered"; orderId: string; minutes: number; late: boolean }
  | { event: "order.refunded"; orderId: string; amount: string; destination: "payment" | "store_credit" }
  | { event: "order.late"; orderId: string; dueAt: string }
  | { event: "conversation.opened"; conversationId: string };

/** Discord refuses a `content` over 2,000 characters. */
export const DISCORD_CONTENT_MAX = 2000;

/** The readable line a Discord channel shows for `facts` (no Markdown from shoppers: names are escaped). */
export function discordContent(facts: WebhookFacts, shopName: string, panelUrl: string): string {
  const text = (() => {
    switch (facts.event) {
      case "order.paid":
        return `New paid order #${shortId(facts.orderId)}${facts.reviewed ? " (approved after review)" : ""}: ${facts.itemCount} item${facts.itemCount === 1 ? "" : "s"}, $${facts.total}, deliver to ${escapeMarkdown(facts.robloxUsername)}`;
      case "order.held":
        return `Order #${shortId(facts.orderId)} is on hold for review: do not deliver it. If staff approve it, a new paid-order message says so`;
      case "order.delivered":
        return `Order #${shortId(facts.orderId)} delivered in ${facts.minutes} min${facts.late ? " (late)" : ""}`;
      case "order.refunded":
        return `Order #${shortId(facts.orderId)} refunded: $${facts.amount} to ${facts.destination === "payment" ? "the payment" : "store credit"}`;
      case "order.late":
        return `Order #${shortId(facts.orderId)} is late (was due ${facts.dueAt})`;
      case "conversation.opened":
        return `New support conversation #${shortId(facts.conversationId)}`;
    }
  })();
  return `**${escapeMarkdown(shopName)}** ${text}\n${panelUrl}`.slice(0, DISCORD_CONTENT_MAX);
}

function escapeMarkdown(value: string): string {
  return value.replace(/[\\*_~`|>#@[\]()<]/g, (c) => `\\${c}`);
}

/**
 * An endpoint's URL as the panel and emails show it: the origin and the path's first segment. A
 * Discord webhook URL's path ends in its token, which would let anyone post to that channel.
 */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const first = parsed.pathname.split("/").filter(Boolean)[0];
    return `${parsed.origin}/${first ? `${first}/...` : ""}`;
  } catch {
    return "(unreadable URL)";
  }
}
