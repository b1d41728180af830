import * as z from "zod";
import type { Clock } from "#domain/shared/clock.port.ts";
import type { IdGenerator } from "#domain/shared/id-generator.port.ts";
import type { StoredEvent } from "#domain/analytics/events.ts";
import { orderIdOf, WEBHOOK_SOURCE_TYPES, webhookFactsOf, type OrderFacts } from "#domain/webhooks/webhook-facts.ts";
import { discordContent, WEBHOOK_EVENTS, type WebhookFacts, type WebhookFormat } from "#domain/webhooks/webhook.ts";
import type { Tx } from "../db/database.ts";
import type { EventListener } from "../repositories/event-log.repository.ts";

export interface WebhookOutboxSettings {
  ids: IdGenerator;
  clock: Clock;
  shopName: string;
  publicUrl: string;
  /** Told after deliveries were written (the worker looks a moment later, once the transaction has committed). */
  onAdded?: () => void;
}

const SOURCE_TYPES: ReadonlySet<string> = new Set(WEBHOOK_SOURCE_TYPES);
const ChosenEvents = z.array(z.enum(WEBHOOK_EVENTS));

/**
 * The webhook outbox's writer (issue 38): runs in the transaction of every append, and for each
 * appended event that is a webhook event writes one delivery per active endpoint that chose it. So
 * a delivery exists exactly when the change it reports does, and survives a crash or restart like
 * a mail. Events no webhook reports (page views, cart activity) cost a Set lookup.
 */
export function webhookOutboxListener(settings: WebhookOutboxSettings): EventListener {
  return async (events, trx) => {
    const relevant = events.filter((event) => SOURCE_TYPES.has(event.type));
    if (relevant.length === 0) return;
    const endpoints = await trx.selectFrom("webhook_endpoints").select(["id", "format", "events"]).where("status", "=", "active").execute();
    if (endpoints.length === 0) return;
    const chosen = endpoints.map((e) => ({ id: e.id, format: e.format as WebhookFormat, events: new Set(ChosenEvents.parse(JSON.parse(e.events))) }));
    const now = settings.clock.now().toISOString();
    const rows = [];
    for (const event of relevant) {
      const orderId = orderIdOf(event);
      const facts = webhookFactsOf(event, orderId ? await orderFacts(trx, orderId) : null);
      if (!facts) continue;
      for (const endpoint of chosen.filter((e) => e.events.has(facts.event))) {
        const id = settings.ids.newId();
        rows.push({
          id,
          endpointId: endpoint.id,
          eventId: event.id,
          event: facts.event,
          body: bodyOf(endpoint.format, id, facts, event, settings),
          status: "pending",
          attempts: 0,
          nextAttemptAt: now,
          createdAt: now,
        });
      }
    }
    if (rows.length === 0) return;
    await trx.insertInto("webhook_deliveries").values(rows).execute();
    settings.onAdded?.();
  };
}

/** The order as it stands in this transaction (its risk state decides whether it is told of at all). */
async function orderFacts(trx: Tx, orderId: string): Promise<OrderFacts | null> {
  const order = await trx.selectFrom("orders").select(["riskState", "status", "totalCents", "robloxUsername"]).where("id", "=", orderId).executeTakeFirst();
  if (!order) return null;
  const items = await trx
    .selectFrom("order_items")
    .select((eb) => eb.fn.sum<number | string>("quantity").as("count"))
    .where("orderId", "=", orderId)
    .executeTakeFirst();
  return { ...order, itemCount: Number(items?.count ?? 0) };
}

/**
 * The bytes sent. JSON: `{ id, event, createdAt, data }` (docs/webhooks.md). Discord: Execute
 * Webhook's body (discord.com/developers/docs/resources/webhook#execute-webhook): `content` up to
 * 2,000 characters, and `allowed_mentions` with nothing parsed, so no text can ping @everyone.
 */
function bodyOf(format: WebhookFormat, id: string, facts: WebhookFacts, event: StoredEvent, settings: WebhookOutboxSettings): string {
  if (format === "discord") {
    const panel = `${settings.publicUrl.replace(/\/$/, "")}/admin`;
    return JSON.stringify({ content: discordContent(facts, settings.shopName, panel), allowed_mentions: { parse: [] } });
  }
  const { event: name, ...data } = facts;
  return JSON.stringify({ id, event: name, createdAt: event.occurredAt.toISOString(), data });
}
