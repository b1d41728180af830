import { describe, expect, it } from "vitest";
import { createMailModule } from "#domain/mail/mail.module.ts";
import type { ClaimedMail, MailQueue } from "#domain/mail/mail-delivery.port.ts";
import { manualClock } from "../../fakes/in-memory-support.ts";

/** A delivery round's order of events: notices queued, then the outbox claimed and sent. */
function setup(options: { digest?: boolean; failChatReplies?: boolean } = {}) {
  const clock = manualClock("2026-01-01T00:00:00.000Z");
  const calls: string[] = [];
  const errors: string[] = [];
  const taken: ClaimedMail[] = [{ id: "m1", mail: { template: "promo_code", to: "a@x.test", data: { code: "C", percentOff: 20 } }, attempts: 1, claim: "c" }];
  const queue: MailQueue = {
    claim: async ({ limit }) => (calls.push(`claim ${limit}`), taken.splice(0)),
    markSent: async (id) => (calls.push(`sent ${id}`), true),
    markRetry: async () => true,
    markFailed: async () => true,
  };
  const module = createMailModule({
    queue,
    renderer: { render: async () => ({ subject: "s", html: "<p>h</p>", text: "t" }) },
    transport: { send: async () => undefined },
    chatReplies: {
      queueDue: async (now) => {
        calls.push(`chat replies ${now.toISOString()}`);
        if (options.failChatReplies) throw new Error("locked");
        return 0;
      },
    },
    adminDigest: options.digest === false ? null : { queueDue: async (now) => (calls.push(`digest ${now.toISOString()}`), 0) },
    clock,
    ids: { newId: () => "claim-1" },
    batchSize: 20,
    leaseMs: 60_000,
    onNoticeError: (notice) => void errors.push(notice),
  });
  return { module, clock, calls, errors };
}

describe("the mail module's delivery round", () => {
  it("queues the due notices, then sends what is due; unread chat replies are looked for at most once a minute", async () => {
    const { module, clock, calls } = setup();
    expect(await module.deliverDueMail()).toEqual({ sent: 1, retried: 0, failed: 0 });
    clock.advance(59_000);
    await module.deliverDueMail();
    clock.advance(1_000);
    await module.deliverDueMail();
    expect(calls).toEqual([
      "chat replies 2026-01-01T00:00:00.000Z",
      "digest 2026-01-01T00:00:00.000Z",
      "claim 20",
      "sent m1",
      "digest 2026-01-01T00:00:59.000Z",
      "claim 20",
      "chat replies 2026-01-01T00:01:00.000Z",
      "digest 2026-01-01T00:01:00.000Z",
      "claim 20",
    ]);
  });

  it("writes no digest when nobody is to be told, and a notice that fails is reported without holding back the delivery", async () => {
    const { module, calls, errors } = setup({ digest: false, failChatReplies: true });
    expect(await module.deliverDueMail()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(calls.some((c) => c.startsWith("digest"))).toBe(false);
    expect(errors).toEqual(["chatReplies"]);
  });
});
