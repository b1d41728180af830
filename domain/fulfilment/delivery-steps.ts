import type { DeliveryMethod } from "../catalogue/requirements.ts";

/** What each delivery method is called, in the admin's select and on the shopper's order. */
export const DELIVERY_METHOD_LABELS: Record<DeliveryMethod, string> = {
  trade: "In-game trade",
  gift: "Gift or mailbox",
  private_server: "Private-server visit",
  gamepass: "Robux by gamepass",
};

/** The steps of one delivery method for one order: who will contact the shopper, what to accept, what to have ready. */
export interface DeliverySteps {
  method: DeliveryMethod;
  label: string;
  steps: string[];
}

/**
 * The steps the paid order shows its shopper (shared/domain/roblox.md, "Delivery methods"), for the
 * account it is delivered to. Written here only, so the dashboard and any later email say the same.
 * The contact is always the order's own chat: look-alike accounts in the game ask children to trade
 * first, so the shopper is told to accept nothing that was not announced there.
 */
export function deliverySteps(method: DeliveryMethod, robloxName: string, gamePass: { id: number; price: number } | null = null): DeliverySteps {
  const account = `@${robloxName}`;
  const contact = "Our staff will message you in this order's chat when they start; nobody else from the store will contact you.";
  const steps: Record<DeliveryMethod, string[]> = {
    trade: [
      contact,
      `Have the game open on ${account} and join the server our staff name in the chat.`,
      "Accept only the trade request from the account named in the chat, and check the items before you confirm.",
      "Make sure your account is ready: the game's requirements you confirmed, and trading allowed in your Roblox privacy settings.",
    ],
    gift: [
      contact,
      `The item is sent as an in-game gift or to the mailbox of ${account}; you do not need to be online.`,
      "Open the game's gifts or mailbox and claim it; you never need to send anything back.",
    ],
    private_server: [
      contact,
      "Have a private server of the game ready and share its link with us in this order's chat when asked.",
      `Join it on ${account} and accept only the trade from the account named in the chat.`,
    ],
    // With the pass checked at checkout there is nothing to post: it only has to stay as it was.
    gamepass: gamePass
      ? [
          `We buy your gamepass #${gamePass.id}: keep it on sale at exactly ${gamePass.price.toLocaleString("en-US")} Robux, regional pricing off, until we have (a changed pass stops the delivery).`,
          "Roblox pays you the Robux after its holding period (a few days); this order says the date once we have bought the pass.",
        ]
      : [
          contact,
          `Create a gamepass on ${account} at the price our staff give you in the chat, with regional pricing turned off.`,
          "Post the pass's link in this order's chat; we buy it, and Roblox pays you the Robux after its holding period (a few days).",
        ],
  };
  return { method, label: DELIVERY_METHOD_LABELS[method], steps: steps[method] };
}

/**
 * The steps a paid order shows while it is being delivered: one list per delivery method of its
 * items, in the order they first appear. None before the payment (nothing is delivered yet) or once
 * the order is completed or cancelled.
 */
export function orderDeliverySteps(order: {
  status: string;
  paidAt: string | null;
  robloxName: string;
  items: readonly { deliveryMethod: DeliveryMethod }[];
  /** The pass checked at checkout (Robux by gamepass), if any. */
  gamePass?: { id: number; price: number } | null;
}): DeliverySteps[] {
  if (order.paidAt === null || order.status === "completed" || order.status === "cancelled") return [];
  const methods = [...new Set(order.items.map((item) => item.deliveryMethod))];
  return methods.map((method) => deliverySteps(method, order.robloxName, order.gamePass ?? null));
}
