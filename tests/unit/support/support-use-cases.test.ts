import { describe, expect, it } from "vitest";
import { DomainError } from "#domain/shared/domain-error.ts";
import { closeSupportConversation } from "#domain/support/close-support-conversation.ts";
import { readChat } from "#domain/support/chat-read.ts";
import { openSupportConversation } from "#domain/support/open-support-conversation.ts";
import { postSupportMessage } from "#domain/support/post-support-message.ts";
import { readSupportMessages } from "#domain/support/read-support-messages.ts";
import { supportGuestMerger } from "#domain/support/support-guest-merger.ts";
import { listOwnSupportConversations } from "#domain/support/list-own-support-conversations.ts";
import { sequentialIds } from "../../fakes/in-memory-catalogue.ts";
import { createInMemoryRateLimiter, createInMemorySupport, manualClock } from "../../fakes/in-memory-support.ts";
import { sessionUser } from "../../fakes/session-user.ts";

const user = (id: string, isAdmin = false) => sessionUser(id, isAdmin);
const guestA = { visitorId: "va", user: null };
const guestB = { visitorId: "vb", user: null };
const admin = { visitorId: "vx", user: user("boss", true) };

function setup(limits = { messagesPerMinute: 100, conversationsPerHour: 100 }) {
  const support = createInMemorySupport();
  const clock = manualClock();
  const deps = { unitOfWork: support.unitOfWork, rateLimiter: createInMemoryRateLimiter(clock), limits, clock, ids: sequentialIds("id") };
  return { ...support, clock, deps, reader: support.repositories };
}

async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe("support conversations", () => {
  it("opening records SupportConversationOpened with who opened it; the email is the given one, else the account's", async () => {
    const { deps, state } = setup();
    const guestOne = await openSupportConversation({ email: null }, guestA, deps);
    const sams = await openSupportConversation({ email: null }, { visitorId: "vs", user: user("sam") }, deps);
    const given = await openSupportConversation({ email: "me@x.co" }, { visitorId: "vs", user: user("sam") }, deps);
    expect(guestOne).toMatchObject({ status: "open", visitorId: "va", userId: null, email: null, lastMessageSeq: 0 });
    expect(sams).toMatchObject({ userId: "sam", email: "sam@shop.test" });
    expect(given.email).toBe("me@x.co");
    expect(state.events.map((e) => [e.type, e.visitorId, e.userId, e.payload])).toEqual([
      ["SupportConversationOpened", "va", null, { conversationId: guestOne.id }],
      ["SupportConversationOpened", "vs", "sam", { conversationId: sams.id }],
      ["SupportConversationOpened", "vs", "sam", { conversationId: given.id }],
    ]);
  });

  it("the sender is the server's decision: the owner writes as user, an administrator as admin", async () => {
    const { deps, reader } = setup();
    const c = await openSupportConversation({ email: null }, guestA, deps);
    expect((await postSupportMessage({ conversationId: c.id, text: " hi " }, guestA, deps)).sender).toBe("user");
    expect((await postSupportMessage({ conversationId: c.id, text: "hello" }, admin, deps)).sender).toBe("admin");
    const read = await readSupportMessages({ conversationId: c.id }, guestA, reader);
    expect(read).toMatchObject({
      kind: "messages",
      version: 2,
      messages: [
        { seq: 1, message: "hi", sender: "user" },
        { seq: 2, sender: "admin" },
      ],
    });
  });

  it("another visitor cannot read, write or list a conversation: 404 as if it did not exist", async () => {
    const { deps, state, reader } = setup();
    const c = await openSupportConversation({ email: null }, guestA, deps);
    expect((await rejection(readSupportMessages({ conversationId: c.id }, guestB, reader))).kind).toBe("not_found");
    expect((await rejection(postSupportMessage({ conversationId: c.id, text: "x" }, guestB, deps))).kind).toBe("not_found");
    expect((await rejection(postSupportMessage({ conversationId: c.id, text: "x" }, { visitorId: "vb", user: user("ada") }, deps))).kind).toBe("not_found");
    expect(await listOwnSupportConversations(guestB, reader)).toEqual([]);
    expect(state.messages).toEqual([]);
  });

  it("closing takes no more messages (409), records one SupportConversationClosed however often it is closed", async () => {
    const { deps, state } = setup();
    const c = await openSupportConversation({ email: null }, guestA, deps);
    await postSupportMessage({ conversationId: c.id, text: "hi" }, guestA, deps);
    expect((await closeSupportConversation({ conversationId: c.id }, admin, deps)).status).toBe("closed");
    expect((await closeSupportConversation({ conversationId: c.id }, admin, deps)).status).toBe("closed");
    expect(state.events.filter((e) => e.type === "SupportConversationClosed")).toEqual([
      { type: "SupportConversationClosed", occurredAt: deps.clock.now(), visitorId: "vx", userId: "boss", payload: { conversationId: c.id } },
    ]);
    const refused = await rejection(postSupportMessage({ conversationId: c.id, text: "still there?" }, guestA, deps));
    expect([refused.kind, refused.message]).toEqual(["conflict", "This conversation has been closed. Please start a new conversation."]);
    expect((await rejection(postSupportMessage({ conversationId: c.id, text: "x" }, admin, deps))).kind).toBe("conflict");
    expect(state.messages).toHaveLength(1);
  });

  it("only administrators close: guests 401, shoppers 403; an unknown conversation 404", async () => {
    const { deps } = setup();
    const c = await openSupportConversation({ email: null }, guestA, deps);
    expect((await rejection(closeSupportConversation({ conversationId: c.id }, guestA, deps))).kind).toBe("unauthenticated");
    expect((await rejection(closeSupportConversation({ conversationId: c.id }, { visitorId: "va", user: user("sam") }, deps))).kind).toBe("forbidden");
    expect((await rejection(closeSupportConversation({ conversationId: "nope" }, admin, deps))).kind).toBe("not_found");
  });

  it("blank and oversized messages are refused before anything is counted or stored", async () => {
    const { deps, state } = setup({ messagesPerMinute: 1, conversationsPerHour: 5 });
    const c = await openSupportConversation({ email: null }, guestA, deps);
    expect((await rejection(postSupportMessage({ conversationId: c.id, text: "  " }, guestA, deps))).kind).toBe("invalid");
    expect((await rejection(postSupportMessage({ conversationId: c.id, text: "x".repeat(2001) }, guestA, deps))).kind).toBe("invalid");
    // The one allowed message of the minute is still available.
    await postSupportMessage({ conversationId: c.id, text: "ok" }, guestA, deps);
    expect(state.messages.map((m) => m.message)).toEqual(["ok"]);
  });

  it("rate-limits messages per visitor per minute and conversations per hour; administrators are not limited", async () => {
    const { deps, clock } = setup({ messagesPerMinute: 2, conversationsPerHour: 1 });
    const c = await openSupportConversation({ email: null }, guestA, deps);
    expect((await rejection(openSupportConversation({ email: null }, guestA, deps))).kind).toBe("rate_limited");
    await postSupportMessage({ conversationId: c.id, text: "1" }, guestA, deps);
    await postSupportMessage({ conversationId: c.id, text: "2" }, guestA, deps);
    const limited = await rejection(postSupportMessage({ conversationId: c.id, text: "3" }, guestA, deps));
    expect([limited.kind, limited.message]).toEqual(["rate_limited", "You're sending messages too quickly. Please wait a minute and try again."]);
    for (let i = 0; i < 5; i++) await postSupportMessage({ conversationId: c.id, text: `reply ${i}` }, admin, deps);
    // Another visitor has their own budget.
    await openSupportConversation({ email: null }, guestB, deps);
    clock.advance(60_000);
    await postSupportMessage({ conversationId: c.id, text: "next minute" }, guestA, deps);
  });

  it("at sign-in, the guest's conversations move to the account", async () => {
    const { deps, reader } = setup();
    const c = await openSupportConversation({ email: null }, guestA, deps);
    await supportGuestMerger(deps).mergeGuestIntoUser("va", "sam");
    const sam = { visitorId: "other-browser", user: user("sam") };
    expect((await listOwnSupportConversations(sam, reader)).map((x) => x.id)).toEqual([c.id]);
    expect(await listOwnSupportConversations(guestA, reader)).toEqual([]);
    expect((await postSupportMessage({ conversationId: c.id, text: "me again" }, sam, deps)).sender).toBe("user");
  });
});

describe("readChat: the cheap poll", () => {
  const messages = [1, 2, 3].map((seq) => ({ id: `m${seq}`, seq, sender: "user" as const, message: `${seq}`, createdAt: new Date(0) }));
  const log = {
    seqOf: async (id: string) => messages.find((m) => m.id === id)?.seq ?? null,
    listAfter: async (after: number) => messages.filter((m) => m.seq > after),
  };

  it("answers everything without a cursor, only newer messages with one, and nothing at the end", async () => {
    expect(await readChat(3, {}, log)).toEqual({ kind: "messages", version: 3, messages });
    expect(await readChat(3, { afterMessageId: "m1" }, log)).toEqual({ kind: "messages", version: 3, messages: messages.slice(1) });
    expect(await readChat(3, { afterMessageId: "m3" }, log)).toEqual({ kind: "messages", version: 3, messages: [] });
  });

  it("answers unchanged when the client holds the current version, and not for an older one", async () => {
    expect(await readChat(3, { knownVersions: [3] }, log)).toEqual({ kind: "unchanged", version: 3 });
    expect((await readChat(3, { knownVersions: [2] }, log)).kind).toBe("messages");
  });

  it("refuses a cursor that is not a message of this chat", async () => {
    expect((await rejection(readChat(3, { afterMessageId: "elsewhere" }, log))).kind).toBe("invalid");
  });

  it("a message stored between reading the version and the list is included and counted in the version", async () => {
    expect(await readChat(2, {}, log)).toMatchObject({ version: 3 });
  });
});
