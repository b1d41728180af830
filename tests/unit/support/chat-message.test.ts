import { describe, expect, it } from "vitest";
import { MAX_MESSAGE_LENGTH, normalizeChatMessage } from "#domain/support/chat-message.ts";
import { canAccessConversation, isOwnConversation, senderFor } from "#domain/support/support-conversation.ts";
import { sessionUser } from "../../fakes/session-user.ts";

describe("normalizeChatMessage", () => {
  it("trims, keeps inner line breaks and tabs, unifies line endings", () => {
    expect(normalizeChatMessage("  hello\r\nthere\r\tx  \n")).toBe("hello\nthere\n\tx");
  });

  it("keeps markup as the literal text it is", () => {
    expect(normalizeChatMessage("<script>alert(1)</script> &amp;")).toBe("<script>alert(1)</script> &amp;");
  });

  it("drops invisible control characters", () => {
    expect(normalizeChatMessage("a\u0000b\u001b[31mc\u007f")).toBe("ab[31mc");
  });

  it("refuses blank text (also only whitespace or control characters)", () => {
    for (const text of ["", "   ", "\n\t \r\n", "\u0000"]) expect(() => normalizeChatMessage(text)).toThrow("Please type a message");
  });

  it("allows 2,000 characters, counting an emoji as one, and refuses 2,001", () => {
    expect(normalizeChatMessage("a".repeat(MAX_MESSAGE_LENGTH))).toHaveLength(2000);
    expect([...normalizeChatMessage("😀".repeat(MAX_MESSAGE_LENGTH))]).toHaveLength(2000);
    expect(() => normalizeChatMessage("a".repeat(MAX_MESSAGE_LENGTH + 1))).toThrow("Messages can be at most 2,000 characters");
    // Surrounding whitespace does not count.
    expect(normalizeChatMessage(` ${"a".repeat(MAX_MESSAGE_LENGTH)} `)).toHaveLength(2000);
  });
});

describe("who owns a conversation", () => {
  const user = (id: string, isAdmin = false) => sessionUser(id, isAdmin, { email: `${id}@x.co` });
  const guestConversation = { visitorId: "v1", userId: null };
  const accountConversation = { visitorId: "v1", userId: "sam" };

  it("a guest conversation belongs to its browser (visitor cookie), signed in or not", () => {
    expect(isOwnConversation(guestConversation, { visitorId: "v1", user: null })).toBe(true);
    expect(isOwnConversation(guestConversation, { visitorId: "v1", user: user("sam") })).toBe(true);
    expect(isOwnConversation(guestConversation, { visitorId: "v2", user: null })).toBe(false);
  });

  it("an account's conversation belongs to the account only, not to the browser it was started in", () => {
    expect(isOwnConversation(accountConversation, { visitorId: "v9", user: user("sam") })).toBe(true);
    expect(isOwnConversation(accountConversation, { visitorId: "v1", user: null })).toBe(false);
    expect(isOwnConversation(accountConversation, { visitorId: "v1", user: user("ada") })).toBe(false);
  });

  it("administrators may access every conversation and write in others' as admin", () => {
    expect(canAccessConversation(accountConversation, { visitorId: "v5", user: user("boss", true) })).toBe(true);
    expect(canAccessConversation(accountConversation, { visitorId: "v5", user: user("ada") })).toBe(false);
    expect(senderFor(true)).toBe("user");
    expect(senderFor(false)).toBe("admin");
  });
});
