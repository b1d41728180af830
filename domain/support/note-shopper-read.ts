import type { ChatReadResult } from "./chat-read.ts";
import type { ChatReadMarks, ChatRef } from "./chat-read-marks.port.ts";
import type { ChatViewer } from "./support-conversation.ts";

/**
 * A poll that handed the shopper (not an administrator) a reply from the store: they have read the
 * chat that far, so no email about it (issue 19). Writes only then, never on a 304 or an empty poll.
 */
export async function noteShopperRead(chat: ChatRef, viewer: ChatViewer, result: ChatReadResult, marks: ChatReadMarks): Promise<void> {
  if (result.kind !== "messages" || viewer.user?.isAdmin) return;
  const reply = result.messages.filter((m) => m.sender === "admin").at(-1);
  if (!reply) return;
  await marks.markRead(chat, reply.seq);
}
