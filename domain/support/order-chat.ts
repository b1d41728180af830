import { assertSignedIn } from "../accounts/authorization.ts";
import { notYours } from "../accounts/accounts.errors.ts";
import type { SessionUser } from "../accounts/user.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { assertMaySendMessage, type ChatLimits } from "./chat-limits.ts";
import { normalizeChatMessage, type ChatMessage } from "./chat-message.ts";
import { readChat, type ChatReadRequest, type ChatReadResult } from "./chat-read.ts";
import type { OrderChatRepositories } from "./order-chat-repositories.port.ts";
import type { RateLimiter } from "../shared/rate-limiter.port.ts";
import { orderNotFound } from "./support.errors.ts";
import type { ChatViewer } from "./support-conversation.ts";
import { recordChatMessage } from "./record-chat-message.ts";

/**
 * Who may use an order's chat: its owner and administrators. Guests 401; an unknown order 404;
 * anyone else 403 (DESIGN.md: "an order's chat needs its owner or an admin"). Returns whether the
 * viewer is the owner, which decides the sender.
 */
async function assertOrderChatAccess(orderId: string, user: SessionUser | null, orders: OrderChatRepositories["orders"]): Promise<boolean> {
  const signedIn = assertSignedIn(user);
  const owner = await orders.ownerOf(orderId);
  if (owner === undefined) throw orderNotFound();
  const isOwner = owner !== null && owner === signedIn.id;
  if (!isOwner && !signedIn.isAdmin) throw notYours();
  return isOwner;
}

/** A poll of an order's chat, outside a transaction like readSupportMessages; see readChat for the cursor and the version. */
export async function readOrderMessages(
  input: { orderId: string } & ChatReadRequest,
  viewer: ChatViewer,
  { orders, chat }: Pick<OrderChatRepositories, "orders" | "chat">,
): Promise<ChatReadResult> {
  await assertOrderChatAccess(input.orderId, viewer.user, orders);
  return readChat(await chat.lastSeq(input.orderId), input, {
    seqOf: (id) => chat.seqOf(input.orderId, id),
    listAfter: (after) => chat.listAfter(input.orderId, after),
  });
}

/**
 * Adds a message to an order's chat, by its owner (sender "user") or an administrator ("admin"),
 * with the same text rules and rate limit as the support chat. Access is checked before the text,
 * so a stranger learns nothing from the validation answer.
 */
export async function postOrderMessage(
  input: { orderId: string; text: string },
  viewer: ChatViewer,
  deps: { unitOfWork: UnitOfWork<OrderChatRepositories>; rateLimiter: RateLimiter; limits: ChatLimits; clock: Clock; ids: IdGenerator },
): Promise<ChatMessage> {
  const isOwner = await deps.unitOfWork.run(({ orders }) => assertOrderChatAccess(input.orderId, viewer.user, orders));
  const text = normalizeChatMessage(input.text);
  await assertMaySendMessage(viewer, deps.rateLimiter, deps.limits);
  return deps.unitOfWork.run(async ({ orders, chat, events }) => {
    // Checked again inside the transaction that writes: the order may be gone by now.
    await assertOrderChatAccess(input.orderId, viewer.user, orders);
    const now = deps.clock.now();
    const seq = await chat.nextSeq(input.orderId, now);
    const posted = { type: "OrderMessagePosted", payload: { orderId: input.orderId, seq } } as const;
    return recordChatMessage({ text, isOwner, seq, now, posted }, viewer, { ids: deps.ids, add: (message) => chat.add(input.orderId, message), events });
  });
}
