import type { EventLog } from "../analytics/event-log.port.ts";
import type { NewEvent } from "../analytics/events.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { ChatMessage } from "./chat-message.ts";
import { senderFor, type ChatViewer } from "./support-conversation.ts";

/** The event a new chat message is told by: which chat, and the message's position in it. */
type ChatPosted<E = NewEvent> = E extends { type: "SupportMessagePosted" | "OrderMessagePosted"; payload: unknown } ? Pick<E, "type" | "payload"> : never;

/**
 * Stores a message of a support conversation or of an order's chat, the one rule both follow: the
 * text already normalised, the position already taken, the sender decided by whether the viewer
 * owns the chat (never by the client), and the event appended in the message's transaction, so the
 * live channel (issue 38) tells whoever may see it and a stream resuming after a drop finds it in the log.
 */
export async function recordChatMessage(
  input: { text: string; isOwner: boolean; seq: number; now: Date; posted: ChatPosted },
  viewer: ChatViewer,
  deps: { ids: IdGenerator; add: (message: ChatMessage) => Promise<void>; events: EventLog },
): Promise<ChatMessage> {
  const message: ChatMessage = { id: deps.ids.newId(), sender: senderFor(input.isOwner), message: input.text, createdAt: input.now, seq: input.seq };
  await deps.add(message);
  await deps.events.append({ ...input.posted, occurredAt: input.now, visitorId: viewer.visitorId, userId: viewer.user?.id ?? null });
  return message;
}
