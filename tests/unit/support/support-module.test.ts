import { describe, expect, it } from "vitest";
import type { AuditEntry } from "#domain/audit/audit-entry.ts";
import type { ChatRef } from "#domain/support/chat-read-marks.port.ts";
import { createSupportModule } from "#domain/support/support.module.ts";
import { sequentialIds } from "../../fakes/in-memory-catalogue.ts";
import { createInMemoryOrderChat, createInMemoryRateLimiter, createInMemorySupport, manualClock } from "../../fakes/in-memory-support.ts";
import { inMemoryUnitOfWork } from "../../fakes/in-memory-unit-of-work.ts";
import { sessionUser } from "../../fakes/session-user.ts";

const user = (id: string, isAdmin = false) => sessionUser(id, isAdmin);
const guest = { visitorId: "va", user: null };
const boss = user("boss", true);
const admin = { visitorId: "vx", user: boss };

/** The module as the root builds it, on the in-memory repositories, with an audit trail and read marks kept in arrays. */
function setup(options: { failMarks?: boolean } = {}) {
  const support = createInMemorySupport();
  const orderChat = createInMemoryOrderChat();
  const clock = manualClock();
  const audit: AuditEntry[] = [];
  const marks: [ChatRef, number][] = [];
  const markErrors: ChatRef[] = [];
  const state = { support: support.state, audit };
  const module = createSupportModule({
    support: inMemoryUnitOfWork(state, { ...support.repositories, audit: { record: async (entry: AuditEntry) => void audit.push(entry) } }),
    supportReader: support.repositories,
    orderChat: orderChat.unitOfWork,
    orderChatReader: orderChat.repositories,
    rateLimiter: createInMemoryRateLimiter(clock),
    limits: { messagesPerMinute: 100, conversationsPerHour: 100 },
    readMarks: {
      markRead: async (chat, seq) => {
        if (options.failMarks) throw new Error("database down");
        marks.push([chat, seq]);
      },
    },
    onReadMarkError: (_error, chat) => void markErrors.push(chat),
    clock,
    ids: sequentialIds("id"),
  });
  return { module, audit, marks, markErrors, state: support.state };
}

describe("the support module", () => {
  it("closing a conversation records its audit entry (status before and after) with the administrator as actor, once", async () => {
    const { module, audit } = setup();
    const c = await module.openSupportConversation({ email: null }, guest);
    await module.closeSupportConversation({ conversationId: c.id }, admin, boss);
    await module.closeSupportConversation({ conversationId: c.id }, admin, boss);
    expect(audit).toEqual([
      {
        actor: { id: "boss", email: "boss@shop.test" },
        at: expect.any(Date),
        kind: "conversation.close",
        entityId: c.id,
        before: { status: "open" },
        after: { status: "closed" },
      },
    ]);
  });

  it("a poll handing the shopper the store's reply marks the chat read up to it; empty polls and administrators' polls mark nothing", async () => {
    const { module, marks } = setup();
    const c = await module.openSupportConversation({ email: null }, guest);
    await module.postSupportMessage({ conversationId: c.id, text: "hello" }, guest);
    await module.readSupportMessages({ conversationId: c.id }, guest);
    expect(marks).toEqual([]);
    await module.postSupportMessage({ conversationId: c.id, text: "how can we help?" }, admin);
    await module.readSupportMessages({ conversationId: c.id }, admin);
    expect(marks).toEqual([]);
    const poll = await module.readSupportMessages({ conversationId: c.id }, guest);
    expect(poll.kind).toBe("messages");
    expect(marks).toEqual([[{ support: c.id }, 2]]);
    await module.readSupportMessages({ conversationId: c.id, knownVersions: [2] }, guest);
    expect(marks).toHaveLength(1);
  });

  it("a read mark that cannot be written is reported and the poll still answers", async () => {
    const { module, markErrors } = setup({ failMarks: true });
    const c = await module.openSupportConversation({ email: null }, guest);
    await module.postSupportMessage({ conversationId: c.id, text: "we are here" }, admin);
    const poll = await module.readSupportMessages({ conversationId: c.id }, guest);
    expect(poll).toMatchObject({ kind: "messages", version: 1 });
    expect(markErrors).toEqual([{ support: c.id }]);
  });
});
