import { describe, expect, it } from "vitest";
import { deliverDueMail } from "#domain/mail/deliver-mail.ts";
import { afterFailure, greetingName, MAX_DELIVERY_ATTEMPTS, retryDelayMs, type Mail } from "#domain/mail/mail.ts";
import { MailDeliveryError, type ClaimedMail, type MailQueue } from "#domain/mail/mail-delivery.port.ts";

describe("retry policy", () => {
  it("waits 30 s, then doubles, up to 6 hours", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30)).toBe(6 * 3600_000);
  });

  it("gives up on a permanent refusal at once, and after the last attempt", () => {
    const now = new Date("2026-01-01T00:00:00Z");
    expect(afterFailure(1, true, now)).toEqual({ status: "failed" });
    expect(afterFailure(MAX_DELIVERY_ATTEMPTS, false, now)).toEqual({ status: "failed" });
    expect(afterFailure(1, false, now)).toEqual({ status: "pending", nextAttemptAt: new Date("2026-01-01T00:00:30Z") });
  });

  it("greets by first name, else by the address before the @", () => {
    expect(greetingName(" Ana ", "ana@x.test")).toBe("Ana");
    expect(greetingName(null, "robloxfan99@x.test")).toBe("robloxfan99");
  });
});

describe("deliverDueMail", () => {
  const mail: Mail = { template: "promo_code", to: "a@x.test", data: { code: "C", percentOff: 20 } };
  function queueOf(taken: ClaimedMail[]) {
    const calls: string[] = [];
    const queue: MailQueue = {
      claim: async () => taken,
      markSent: async (id) => (calls.push(`sent ${id}`), true),
      markRetry: async (id, _c, at, error) => (calls.push(`retry ${id} ${at.toISOString()} ${error}`), true),
      markFailed: async (id, _c, error) => (calls.push(`failed ${id} ${error}`), true),
    };
    return { queue, calls };
  }
  const deps = (queue: MailQueue, send: () => Promise<void>) => ({
    queue,
    renderer: { render: async () => ({ subject: "s", html: "<p>h</p>", text: "t" }) },
    transport: { send },
    clock: { now: () => new Date("2026-01-01T00:00:00Z") },
    ids: { newId: () => "claim-1" },
    leaseMs: 60_000,
  });

  it("records each message's outcome: sent, retried later, or given up", async () => {
    const { queue, calls } = queueOf([
      { id: "m1", mail, attempts: 1, claim: "claim-1" },
      { id: "m2", mail, attempts: 2, claim: "claim-1" },
      { id: "m3", mail, attempts: 1, claim: "claim-1" },
    ]);
    const outcomes = [
      async () => {},
      async () => {
        throw new Error("down");
      },
      async () => {
        throw new MailDeliveryError("550 no such user", true);
      },
    ];
    let i = 0;
    const round = await deliverDueMail(
      10,
      deps(queue, () => outcomes[i++]!()),
    );
    expect(round).toEqual({ sent: 1, retried: 1, failed: 1 });
    expect(calls).toEqual(["sent m1", "retry m2 2026-01-01T00:01:00.000Z down", "failed m3 550 no such user"]);
  });
});

describe("chatReplyEmailDue", () => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));
  const fresh = { readSeq: 0, notifiedSeq: 0, notifiedAt: null };
  it("after 10 unread minutes, not before, not once read, not twice, at most one an hour", async () => {
    const { chatReplyEmailDue } = await import("#domain/mail/mail.ts");
    const reply = { seq: 3, createdAt: at(0) };
    expect(chatReplyEmailDue(reply, fresh, at(9))).toBe(false);
    expect(chatReplyEmailDue(reply, fresh, at(10))).toBe(true);
    expect(chatReplyEmailDue(reply, { ...fresh, readSeq: 3 }, at(30))).toBe(false);
    expect(chatReplyEmailDue(reply, { ...fresh, notifiedSeq: 3, notifiedAt: at(10) }, at(120))).toBe(false);
    expect(chatReplyEmailDue({ seq: 4, createdAt: at(20) }, { ...fresh, notifiedSeq: 3, notifiedAt: at(10) }, at(40))).toBe(false);
    expect(chatReplyEmailDue({ seq: 4, createdAt: at(20) }, { ...fresh, notifiedSeq: 3, notifiedAt: at(10) }, at(70))).toBe(true);
  });
});
