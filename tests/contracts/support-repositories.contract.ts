import { describe, expect, it } from "vitest";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";
import type { ChatMessage } from "#domain/support/chat-message.ts";
import type { OrderChatRepositories } from "#domain/support/order-chat-repositories.port.ts";
import type { RateLimiter } from "#domain/shared/rate-limiter.port.ts";
import type { SupportRepositories } from "#domain/support/support-repositories.port.ts";
import type { SupportConversation } from "#domain/support/support-conversation.ts";
import { sessionUser } from "../fakes/session-user.ts";

export interface SupportFixture {
  unitOfWork: UnitOfWork<SupportRepositories>;
  /** Creates an account (the real adapter has a foreign key to the user table); returns its id. */
  createUser(email: string): Promise<string>;
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 10, minute));
const conversation = (id: string, over: Partial<SupportConversation> = {}): SupportConversation => ({
  id,
  visitorId: "visitor-a",
  userId: null,
  orderId: null,
  email: null,
  status: "open",
  createdAt: at(0),
  updatedAt: at(0),
  lastMessageSeq: 0,
  ...over,
});
const message = (id: string, seq: number, text = `m${seq}`): ChatMessage => ({ id, seq, sender: "user", message: text, createdAt: at(seq) });
const guest = (visitorId: string) => ({ visitorId, user: null });
const shopper = (visitorId: string, id: string) => ({ visitorId, user: sessionUser(id) });

/**
 * What every implementation of the support ports must do, run against the in-memory fake (unit)
 * and the Kysely repositories on SQLite (integration), so the fake cannot drift from the real thing.
 */
export function supportRepositoriesContract(name: string, make: () => Promise<SupportFixture>) {
  describe(`support repositories contract: ${name}`, () => {
    it("stores and finds a conversation; null for an unknown id", async () => {
      const { unitOfWork } = await make();
      const c = conversation("c1", { email: "a@b.co" });
      await unitOfWork.run((r) => r.conversations.add(c));
      expect(await unitOfWork.run((r) => r.conversations.find("c1"))).toEqual(c);
      expect(await unitOfWork.run((r) => r.conversations.find("nope"))).toBeNull();
    });

    it("lists only the viewer's own conversations, newest activity first", async () => {
      const { unitOfWork, createUser } = await make();
      const sam = await createUser("sam@shop.test");
      const ada = await createUser("ada@shop.test");
      await unitOfWork.run(async (r) => {
        await r.conversations.add(conversation("guest-old", { visitorId: "v1", updatedAt: at(1) }));
        await r.conversations.add(conversation("guest-new", { visitorId: "v1", updatedAt: at(5) }));
        await r.conversations.add(conversation("other-guest", { visitorId: "v2" }));
        await r.conversations.add(conversation("sams", { visitorId: "v9", userId: sam, updatedAt: at(3) }));
        await r.conversations.add(conversation("adas", { visitorId: "v1", userId: ada, updatedAt: at(9) }));
      });
      const ids = async (viewer: Parameters<SupportRepositories["conversations"]["listOwn"]>[0]) =>
        (await unitOfWork.run((r) => r.conversations.listOwn(viewer))).map((c) => c.id);
      expect(await ids(guest("v1"))).toEqual(["guest-new", "guest-old"]);
      expect(await ids(guest("v2"))).toEqual(["other-guest"]);
      expect(await ids(guest("v3"))).toEqual([]);
      // Sam, signed in from browser v1: his account's conversation and v1's guest ones, not Ada's.
      expect(await ids(shopper("v1", sam))).toEqual(["guest-new", "sams", "guest-old"]);
      expect(await ids(shopper("v7", ada))).toEqual(["adas"]);
    });

    it("numbers messages 1, 2, 3 per conversation and records the activity; a closed conversation takes none", async () => {
      const { unitOfWork } = await make();
      await unitOfWork.run(async (r) => {
        await r.conversations.add(conversation("c1"));
        await r.conversations.add(conversation("c2"));
      });
      expect(await unitOfWork.run((r) => r.conversations.nextMessageSeq("c1", at(1)))).toBe(1);
      expect(await unitOfWork.run((r) => r.conversations.nextMessageSeq("c1", at(2)))).toBe(2);
      expect(await unitOfWork.run((r) => r.conversations.nextMessageSeq("c2", at(3)))).toBe(1);
      expect(await unitOfWork.run((r) => r.conversations.find("c1"))).toMatchObject({ lastMessageSeq: 2, updatedAt: at(2) });
      expect(await unitOfWork.run((r) => r.conversations.close("c1", at(4)))).toBe(true);
      expect(await unitOfWork.run((r) => r.conversations.close("c1", at(5)))).toBe(false);
      expect(await unitOfWork.run((r) => r.conversations.find("c1"))).toMatchObject({ status: "closed", updatedAt: at(4), lastMessageSeq: 2 });
      expect(await unitOfWork.run((r) => r.conversations.nextMessageSeq("c1", at(6)))).toBeNull();
      expect(await unitOfWork.run((r) => r.conversations.nextMessageSeq("missing", at(6)))).toBeNull();
      expect(await unitOfWork.run((r) => r.conversations.close("missing", at(6)))).toBe(false);
    });

    it("lists messages after a position in order, finds a message's position, refuses a taken position", async () => {
      const { unitOfWork } = await make();
      await unitOfWork.run(async (r) => {
        await r.conversations.add(conversation("c1"));
        await r.conversations.add(conversation("c2"));
        await r.messages.add("c1", message("m2", 2));
        await r.messages.add("c1", message("m1", 1, "<b>literal</b>\nsecond line"));
        await r.messages.add("c2", message("x1", 1));
      });
      expect(await unitOfWork.run((r) => r.messages.listAfter("c1", 0))).toEqual([message("m1", 1, "<b>literal</b>\nsecond line"), message("m2", 2)]);
      expect(await unitOfWork.run((r) => r.messages.listAfter("c1", 1))).toEqual([message("m2", 2)]);
      expect(await unitOfWork.run((r) => r.messages.listAfter("c1", 2))).toEqual([]);
      expect(await unitOfWork.run((r) => r.messages.seqOf("c1", "m2"))).toBe(2);
      expect(await unitOfWork.run((r) => r.messages.seqOf("c1", "x1"))).toBeNull();
      await expect(unitOfWork.run((r) => r.messages.add("c1", message("m3", 2)))).rejects.toThrow();
    });

    it("moves a visitor's guest conversations to the account, keeping a given email and filling a missing one", async () => {
      const { unitOfWork, createUser } = await make();
      const sam = await createUser("sam@shop.test");
      const ada = await createUser("ada@shop.test");
      await unitOfWork.run(async (r) => {
        await r.conversations.add(conversation("no-email", { visitorId: "v1" }));
        await r.conversations.add(conversation("with-email", { visitorId: "v1", email: "given@shop.test" }));
        await r.conversations.add(conversation("adas", { visitorId: "v1", userId: ada }));
        await r.conversations.add(conversation("elsewhere", { visitorId: "v2" }));
      });
      await unitOfWork.run((r) => r.conversations.moveGuestConversations("v1", sam));
      await unitOfWork.run((r) => r.conversations.moveGuestConversations("v1", sam));
      const find = (id: string) => unitOfWork.run((r) => r.conversations.find(id));
      expect(await find("no-email")).toMatchObject({ userId: sam, email: "sam@shop.test" });
      expect(await find("with-email")).toMatchObject({ userId: sam, email: "given@shop.test" });
      expect(await find("adas")).toMatchObject({ userId: ada });
      expect(await find("elsewhere")).toMatchObject({ userId: null });
      expect((await unitOfWork.run((r) => r.conversations.listOwn(guest("v1")))).map((c) => c.id)).toEqual([]);
    });

    it("keeps nothing of a unit of work that fails, its events included", async () => {
      const { unitOfWork } = await make();
      await expect(
        unitOfWork.run(async (r) => {
          await r.conversations.add(conversation("c1"));
          await r.events.append({ type: "SupportConversationOpened", occurredAt: at(0), visitorId: "v", userId: null, payload: { conversationId: "c1" } });
          throw new Error("boom");
        }),
      ).rejects.toThrow("boom");
      expect(await unitOfWork.run((r) => r.conversations.find("c1"))).toBeNull();
    });
  });
}

export interface OrderChatFixture {
  unitOfWork: UnitOfWork<OrderChatRepositories>;
  /** Creates an order owned by this user id (null: no owner). */
  createOrder(id: string, userId: string): Promise<void>;
}

export function orderChatContract(name: string, make: () => Promise<OrderChatFixture>) {
  describe(`order chat repositories contract: ${name}`, () => {
    it("tells an order's owner and undefined for no such order", async () => {
      const { unitOfWork, createOrder } = await make();
      await createOrder("o1", "u1");
      expect(await unitOfWork.run((r) => r.orders.ownerOf("o1"))).toBe("u1");
      expect(await unitOfWork.run((r) => r.orders.ownerOf("o3"))).toBeUndefined();
    });

    it("numbers each order's messages from 1 and lists them after a position", async () => {
      const { unitOfWork } = await make();
      expect(await unitOfWork.run((r) => r.chat.lastSeq("o1"))).toBe(0);
      expect(await unitOfWork.run((r) => r.chat.nextSeq("o1", at(1)))).toBe(1);
      expect(await unitOfWork.run((r) => r.chat.nextSeq("o1", at(2)))).toBe(2);
      expect(await unitOfWork.run((r) => r.chat.nextSeq("o2", at(2)))).toBe(1);
      expect(await unitOfWork.run((r) => r.chat.lastSeq("o1"))).toBe(2);
      await unitOfWork.run(async (r) => {
        await r.chat.add("o1", message("a", 1));
        await r.chat.add("o1", message("b", 2));
        await r.chat.add("o2", message("c", 1));
      });
      expect(await unitOfWork.run((r) => r.chat.listAfter("o1", 0))).toEqual([message("a", 1), message("b", 2)]);
      expect(await unitOfWork.run((r) => r.chat.listAfter("o1", 1))).toEqual([message("b", 2)]);
      expect(await unitOfWork.run((r) => r.chat.seqOf("o1", "b"))).toBe(2);
      expect(await unitOfWork.run((r) => r.chat.seqOf("o1", "c"))).toBeNull();
      await expect(unitOfWork.run((r) => r.chat.add("o1", message("d", 2)))).rejects.toThrow();
    });

    it("keeps nothing of a unit of work that fails", async () => {
      const { unitOfWork } = await make();
      await expect(
        unitOfWork.run(async (r) => {
          await r.chat.nextSeq("o1", at(1));
          throw new Error("boom");
        }),
      ).rejects.toThrow("boom");
      expect(await unitOfWork.run((r) => r.chat.lastSeq("o1"))).toBe(0);
    });
  });
}

export interface RateLimiterFixture {
  limiter: RateLimiter;
  /** A second limiter sharing the first one's counts (another process, for the real adapter). */
  sibling: RateLimiter;
  advance(ms: number): void;
}

export function rateLimiterContract(name: string, make: () => Promise<RateLimiterFixture>) {
  describe(`rate limiter contract: ${name}`, () => {
    it("allows `limit` hits per window and key, then refuses until the next window", async () => {
      const { limiter, advance } = await make();
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await limiter.hit("k", 3, 60_000));
      expect(results).toEqual([true, true, true, false]);
      expect(await limiter.hit("other", 3, 60_000)).toBe(true);
      advance(60_000);
      expect(await limiter.hit("k", 3, 60_000)).toBe(true);
    });

    it("counts hits of every limiter sharing the store together", async () => {
      const { limiter, sibling } = await make();
      expect(await limiter.hit("shared", 2, 60_000)).toBe(true);
      expect(await sibling.hit("shared", 2, 60_000)).toBe(true);
      expect(await limiter.hit("shared", 2, 60_000)).toBe(false);
      expect(await sibling.hit("shared", 2, 60_000)).toBe(false);
    });
  });
}
