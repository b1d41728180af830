import type { ChatMessage } from "#domain/support/chat-message.ts";
import type { ChatReadResult } from "#domain/support/chat-read.ts";
import type { ChatViewer, SupportConversation } from "#domain/support/support-conversation.ts";
import { notModified, POLL_CACHE_HEADERS, versionEtag } from "./conditional.ts";
import type { RouteContext } from "./http.ts";

/** Whoever calls a chat route: the visitor cookie's id and the signed-in user, if any. */
export async function chatViewer(context: Pick<RouteContext, "locals">): Promise<ChatViewer> {
  return {
    visitorId: context.locals.visitorId,
    user: await context.locals.currentUser(),
    clientIp: context.locals.clientIp,
    knownVisitor: !context.locals.newVisitor,
  };
}

/** A chat message as the API shows it (storefront.md section 3: id, message, sender, createdAt). */
export function messageJson(m: ChatMessage) {
  return { id: m.id, message: m.message, sender: m.sender, createdAt: m.createdAt.toISOString() };
}

/** A support conversation as its shopper sees it (storefront.md section 3: id, status, email). */
export function conversationJson(c: SupportConversation) {
  return { id: c.id, status: c.status, email: c.email, createdAt: c.createdAt.toISOString(), updatedAt: c.updatedAt.toISOString() };
}

/** A poll's answer: 304 when the client is up to date, else the messages, both tagged with the chat's version. */
export function chatMessagesResponse(result: ChatReadResult): Response {
  const etag = versionEtag(result.version);
  if (result.kind === "unchanged") return notModified(etag);
  return new Response(JSON.stringify(result.messages.map(messageJson)), {
    status: 200,
    headers: { "content-type": "application/json; charset=utf-8", etag, ...POLL_CACHE_HEADERS },
  });
}
