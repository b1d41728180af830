import { blocks, type BlockEntry } from "./blocklist.ts";
import { BLOCKLISTED_REASON } from "./risk-rules.ts";
import { riskStatesBefore } from "./risk-state.ts";
import type { RiskRepositories } from "./risk-repositories.port.ts";

/**
 * A blocklist entry added after its party paid (issue 37): the party's open orders (paid, not yet
 * delivered) are held, as if the entry had been there at payment. Each leaves the delivery queue and
 * its clock, gets the blocklist reason, a timeline line, OrderHeld (so the webhooks that announced
 * it say it is held) and the "we're checking your payment" email;
 * staff then approve or reject it in the Risk queue. Runs in the entry's own transaction, so an entry
 * and the holds it causes are kept or dropped together. Answers the held orders' ids.
 */
export async function holdBlockedOrders(
  repos: Pick<RiskRepositories, "risk" | "orders" | "timeline" | "mail" | "events">,
  entry: BlockEntry,
  now: Date,
): Promise<string[]> {
  const reason = BLOCKLISTED_REASON;
  const matching = new Set((await repos.risk.openOrderParties()).filter((open) => blocks(entry, open.party)).map((open) => open.orderId));
  const held: string[] = [];
  for (const orderId of matching) {
    if (!(await repos.risk.holdOpen(orderId, riskStatesBefore("held"), reason))) continue;
    held.push(orderId);
    await repos.timeline.record({ orderId, at: now, kind: "held", text: "We're checking the payment before delivery", actorId: null });
    const order = await repos.orders.byId(orderId);
    if (!order) continue;
    // It was released (and announced) at payment: OrderHeld says it is held after all (issue 46).
    const score = (await repos.risk.of(orderId))?.score ?? 0;
    await repos.events.append({
      type: "OrderHeld",
      occurredAt: now,
      visitorId: null,
      userId: order.userId,
      payload: { orderId, score, total: order.total, afterRelease: true },
    });
    await repos.mail.add({ template: "order_held", to: order.email, data: { orderId, robloxUsername: order.robloxUsername } }, order.userId);
  }
  return held;
}
