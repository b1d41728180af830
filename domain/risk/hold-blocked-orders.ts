import { blocks, type BlockEntry } from "./blocklist.ts";
import { BLOCKLISTED_REASON } from "./risk-rules.ts";
import { riskStatesBefore } from "./risk-state.ts";
import type { RiskRepositories } from "./risk-repositories.port.ts";

/**
 * A blocklist entry added after its party paid (issue 37): the party's open orders (paid, not yet
 * delivered) are held, as if the entry had been there at payment. Each leaves the delivery queue and
 * its clock, gets the blocklist reason, a timeline line and the "we're checking your payment" email;
 * staff then approve or reject it in the Risk queue. Runs in the entry's own transaction, so an entry
 * and the holds it causes are kept or dropped together. Answers the held orders' ids.
 */
export async function holdBlockedOrders(
  repos: Pick<RiskRepositories, "risk" | "orders" | "timeline" | "mail">,
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
    if (order) await repos.mail.add({ template: "order_held", to: order.email, data: { orderId, robloxUsername: order.robloxUsername } }, order.userId);
  }
  return held;
}
