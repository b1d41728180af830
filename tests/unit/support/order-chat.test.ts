import { describe, expect, it } from "vitest";
import { DomainError } from "#domain/shared/domain-error.ts";
import { postOrderMessage, readOrderMessages } from "#domain/support/order-chat.ts";
import { sequentialIds } from "../../fakes/in-memory-catalogue.ts";
import { createInMemoryOrderChat, createInMemoryRateLimiter, manualClock } from "../../fakes/in-memory-support.ts";
import { sessionUser } from "../../fakes/session-user.ts";

const user = (id: string, isAdmin = false) => sessionUser(id, isAdmin);
const as = (u: ReturnType<typeof user> | null) => ({ visitorId: "v", user: u });

function setup() {
  const chat = createInMemoryOrderChat();
  chat.state.orders = { "sams-order": "sam", "no-owner": null };
  const clock = manualClock();
  const deps = {
    unitOfWork: chat.unitOfWork,
    rateLimiter: createInMemoryRateLimiter(clock),
    limits: { messagesPerMinute: 100, conversationsPerHour: 1 },
    clock,
    ids: sequentialIds(),
  };
  return { ...chat, deps, reader: chat.repositories };
}

async function kindOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError).kind;
}

describe("order chat", () => {
  it("the owner writes as user and an administrator as admin; both read the chat", async () => {
    const { deps, reader } = setup();
    expect((await postOrderMessage({ orderId: "sams-order", text: "where is it?" }, as(user("sam")), deps)).sender).toBe("user");
    expect((await postOrderMessage({ orderId: "sams-order", text: "on its way" }, as(user("boss", true)), deps)).sender).toBe("admin");
    const read = await readOrderMessages({ orderId: "sams-order" }, as(user("sam")), reader);
    expect(read).toMatchObject({
      version: 2,
      messages: [
        { message: "where is it?", sender: "user" },
        { message: "on its way", sender: "admin" },
      ],
    });
    expect((await readOrderMessages({ orderId: "sams-order" }, as(user("boss", true)), reader)).kind).toBe("messages");
  });

  it("guests 401, other shoppers 403, an unknown order 404; nothing is stored", async () => {
    const { deps, state, reader } = setup();
    expect(await kindOf(readOrderMessages({ orderId: "sams-order" }, as(null), reader))).toBe("unauthenticated");
    expect(await kindOf(readOrderMessages({ orderId: "sams-order" }, as(user("ada")), reader))).toBe("forbidden");
    expect(await kindOf(postOrderMessage({ orderId: "sams-order", text: "hi" }, as(user("ada")), deps))).toBe("forbidden");
    expect(await kindOf(postOrderMessage({ orderId: "sams-order", text: "" }, as(user("ada")), deps))).toBe("forbidden");
    expect(await kindOf(readOrderMessages({ orderId: "nope" }, as(user("sam")), reader))).toBe("not_found");
    expect(await kindOf(readOrderMessages({ orderId: "no-owner" }, as(user("sam")), reader))).toBe("forbidden");
    expect((await readOrderMessages({ orderId: "no-owner" }, as(user("boss", true)), reader)).kind).toBe("messages");
    expect(state.messages).toEqual([]);
  });

  it("applies the message rules: blank and oversized refused", async () => {
    const { deps, state } = setup();
    expect(await kindOf(postOrderMessage({ orderId: "sams-order", text: " \n " }, as(user("sam")), deps))).toBe("invalid");
    expect(await kindOf(postOrderMessage({ orderId: "sams-order", text: "x".repeat(2001) }, as(user("sam")), deps))).toBe("invalid");
    expect(state.messages).toEqual([]);
  });
});
