import type { NewEvent } from "#domain/analytics/events.ts";
import type { Clock } from "#domain/shared/clock.port.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";
import type { ChatMessage } from "#domain/support/chat-message.ts";
import type { OrderChatRepositories } from "#domain/support/order-chat-repositories.port.ts";
import type { RateLimiter } from "#domain/shared/rate-limiter.port.ts";
import type { SupportRepositories } from "#domain/support/support-repositories.port.ts";
import { isOwnConversation, type SupportConversation } from "#domain/support/support-conversation.ts";
import { inMemoryUnitOfWork } from "./in-memory-unit-of-work.ts";

export interface SupportState {
  conversations: SupportConversation[];
  messages: (ChatMessage & { conversationId: string })[];
  events: NewEvent[];
  /** Stand-in for the user table: the account emails the guest merge copies. */
  userEmails: Record<string, string>;
}

/** All-or-nothing: a failing unit of work leaves the state as it was. */
const transactional = inMemoryUnitOfWork;

/** In-memory support repositories with the real adapter's rules (see the contract suite). */
export function createInMemorySupport(): { state: SupportState; unitOfWork: UnitOfWork<SupportRepositories>; repositories: SupportRepositories } {
  const state: SupportState = { conversations: [], messages: [], events: [], userEmails: {} };
  const byActivity = (a: SupportConversation, b: SupportConversation) =>
    b.updatedAt.getTime() - a.updatedAt.getTime() || b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : 1);
  const repositories: SupportRepositories = {
    conversations: {
      add: async (c) => {
        if (state.conversations.some((x) => x.id === c.id)) throw new Error(`duplicate conversation ${c.id}`);
        state.conversations.push(structuredClone(c));
      },
      find: async (id) => structuredClone(state.conversations.find((c) => c.id === id) ?? null),
      listOwn: async (viewer) => structuredClone(state.conversations.filter((c) => isOwnConversation(c, viewer)).sort(byActivity)),
      nextMessageSeq: async (id, at) => {
        const c = state.conversations.find((x) => x.id === id && x.status === "open");
        if (!c) return null;
        c.lastMessageSeq += 1;
        c.updatedAt = at;
        return c.lastMessageSeq;
      },
      close: async (id, at) => {
        const c = state.conversations.find((x) => x.id === id && x.status === "open");
        if (!c) return false;
        c.status = "closed";
        c.updatedAt = at;
        return true;
      },
      moveGuestConversations: async (visitorId, userId) => {
        for (const c of state.conversations) {
          if (c.visitorId === visitorId && c.userId === null) {
            c.userId = userId;
            c.email ??= state.userEmails[userId] ?? null;
          }
        }
      },
    },
    messages: inMemoryChatLog(() => state.messages, "conversationId"),
    events: {
      append: async (event) => void state.events.push(event),
    },
  };
  return { state, unitOfWork: transactional(state, repositories), repositories };
}

/**
 * A chat's messages kept in `messages()` (read each call: a rolled-back unit of work puts back the
 * array), each tagged with its chat's id under `key`: a support conversation's and an order's chat alike.
 */
function inMemoryChatLog<K extends "conversationId" | "orderId">(messages: () => (ChatMessage & Record<K, string>)[], key: K) {
  const inChat = (chatId: string) => messages().filter((m) => m[key] === chatId);
  return {
    add: async (chatId: string, m: ChatMessage) => {
      if (messages().some((x) => x.id === m.id || (x[key] === chatId && x.seq === m.seq))) throw new Error("duplicate message");
      messages().push({ ...structuredClone(m), [key]: chatId } as ChatMessage & Record<K, string>);
    },
    listAfter: async (chatId: string, after: number): Promise<ChatMessage[]> =>
      inChat(chatId)
        .filter((m) => m.seq > after)
        .sort((a, b) => a.seq - b.seq)
        .map(({ id, sender, message, createdAt, seq }) => structuredClone({ id, sender, message, createdAt, seq })),
    seqOf: async (chatId: string, id: string) => inChat(chatId).find((m) => m.id === id)?.seq ?? null,
  };
}

export interface OrderChatState {
  /** orderId -> owner user id (null: no owner). */
  orders: Record<string, string | null>;
  lastSeq: Record<string, number>;
  messages: (ChatMessage & { orderId: string })[];
  events: NewEvent[];
}

export function createInMemoryOrderChat(): { state: OrderChatState; unitOfWork: UnitOfWork<OrderChatRepositories>; repositories: OrderChatRepositories } {
  const state: OrderChatState = { orders: {}, lastSeq: {}, messages: [], events: [] };
  const repositories: OrderChatRepositories = {
    orders: { ownerOf: async (id) => (id in state.orders ? state.orders[id] : undefined) },
    chat: {
      lastSeq: async (orderId) => state.lastSeq[orderId] ?? 0,
      nextSeq: async (orderId) => (state.lastSeq[orderId] = (state.lastSeq[orderId] ?? 0) + 1),
      ...inMemoryChatLog(() => state.messages, "orderId"),
    },
    events: {
      append: async (event) => void state.events.push(event),
    },
  };
  return { state, unitOfWork: transactional(state, repositories), repositories };
}

/** Fixed windows counted in memory, on the given clock. */
export function createInMemoryRateLimiter(clock: Clock): RateLimiter {
  const counters = new Map<string, { windowStart: number; hits: number }>();
  return {
    async hit(key, limit, windowMs) {
      const now = clock.now().getTime();
      const windowStart = now - (now % windowMs);
      const current = counters.get(key);
      const hits = current && current.windowStart === windowStart ? current.hits + 1 : 1;
      counters.set(key, { windowStart, hits });
      return hits <= limit;
    },
    secondsLeft(windowMs) {
      const now = clock.now().getTime();
      return Math.max(1, Math.ceil((windowMs - (now % windowMs)) / 1000));
    },
  };
}

/** A clock that stands still until moved. */
export function manualClock(start = "2026-11-21T10:00:00.000Z"): Clock & { advance(ms: number): void; set(iso: string): void } {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    advance: (ms) => void (now += ms),
    set: (iso) => void (now = new Date(iso).getTime()),
  };
}

/** Real time, but never the same instant twice: orderings by time in tests cannot tie. */
export function strictlyIncreasingClock(): Clock {
  let last = 0;
  return { now: () => new Date((last = Math.max(Date.now(), last + 1))) };
}
