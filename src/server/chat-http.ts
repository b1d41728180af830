import type { ChatMessage } from "#domain/support/chat-message.ts";
import type { ChatReadRequest, ChatReadResult } from "#domain/support/chat-read.ts";
import type { ChatViewer, SupportConversation } from "#domain/support/support-conversation.ts";
import { knownVersions, notModified, POLL_CACHE_HEADERS, versionEtag } from "./conditional.ts";
import { json, param, readJson, readQuery, route, type RouteContext, type RouteHandler } from "./http.ts";
import { MessagesQuery, NewMessage } from "./schemas/support.schemas.ts";

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

/** One chat as its routes reach it: the poll and the post, given the chat's id from the path (`[id]`). */
export interface ChatEndpoints {
  read(app: App.Locals["app"], chatId: string, request: ChatReadRequest, viewer: ChatViewer): Promise<ChatReadResult>;
  post(app: App.Locals["app"], chatId: string, text: string, viewer: ChatViewer): Promise<ChatMessage>;
}

/**
 * The GET and POST of a chat's messages route, the same for a support conversation and an order's
 * chat: GET is polled every 3 s, `?after=<message id>` answers only newer messages and If-None-Match
 * with the last ETag answers 304 when nothing changed; POST adds a message (201). Who may do either
 * is the domain's call (`chat`).
 */
export function chatMessagesRoutes(chat: ChatEndpoints): { GET: RouteHandler; POST: RouteHandler } {
  return {
    GET: route(async (context) => {
      const { after } = readQuery(context.url, MessagesQuery);
      const request = { afterMessageId: after, knownVersions: knownVersions(context.request) };
      return chatMessagesResponse(await chat.read(context.locals.app, param(context, "id"), request, await chatViewer(context)));
    }),
    POST: route(async (context) => {
      const { message } = await readJson(context.request, NewMessage);
      const created = await chat.post(context.locals.app, param(context, "id"), message, await chatViewer(context));
      return json(messageJson(created), 201);
    }),
  };
}
