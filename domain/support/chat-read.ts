import type { ChatMessage } from "./chat-message.ts";
import { unknownCursor } from "./support.errors.ts";

/**
 * What a poll asks for: everything (no cursor), or only what came after the message it saw last.
 * `knownVersions` are the versions the client already has a copy of (from If-None-Match).
 */
export interface ChatReadRequest {
  afterMessageId?: string | undefined;
  knownVersions?: readonly number[] | undefined;
}

/**
 * The answer to a poll. `version` is the position of the chat's last message: the chat changed if
 * and only if it moved (messages are append-only). "unchanged" means the client's version is
 * current and nothing needs to be sent.
 */
export type ChatReadResult = { kind: "unchanged"; version: number } | { kind: "messages"; version: number; messages: ChatMessage[] };

/** The ports a chat read needs: its last position and its messages. */
export interface ChatLog {
  seqOf(messageId: string): Promise<number | null>;
  listAfter(afterSeq: number): Promise<ChatMessage[]>;
}

/**
 * The cheap poll, shared by support and order chats: a client that already has the current
 * version gets "unchanged" without any message being read; a cursor at the last message gets an
 * empty list; otherwise the messages after the cursor (or all). Messages stored between reading the
 * version and the list are included and reflected in the version returned.
 */
export async function readChat(lastSeq: number, request: ChatReadRequest, log: ChatLog): Promise<ChatReadResult> {
  if (request.knownVersions?.includes(lastSeq)) return { kind: "unchanged", version: lastSeq };
  let after = 0;
  if (request.afterMessageId !== undefined) {
    const seq = await log.seqOf(request.afterMessageId);
    if (seq === null) throw unknownCursor();
    after = seq;
    if (after >= lastSeq) return { kind: "messages", version: after, messages: [] };
  }
  const messages = await log.listAfter(after);
  return { kind: "messages", version: Math.max(lastSeq, messages.at(-1)?.seq ?? 0), messages };
}
