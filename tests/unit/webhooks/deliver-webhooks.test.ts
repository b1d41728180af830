import { describe, expect, it } from "vitest";
import { deliverDueWebhooks } from "#domain/webhooks/deliver-webhooks.ts";
import { addWebhook } from "#domain/webhooks/manage-webhooks.ts";
import { MAX_WEBHOOK_ENDPOINTS, PAUSE_AFTER_FAILURES } from "#domain/webhooks/webhook.ts";
import type { AttemptOutcome, ClaimedDelivery, WebhookEndpoints, WebhookQueue, WebhookRepositories } from "#domain/webhooks/webhook.port.ts";
import { isDomainError } from "#domain/shared/domain-error.ts";

// The webhook rules (issue 38) with in-memory fakes: what counts as delivered, what is retried, when
// a delivery is given up, and what an owner may add.
const clock = { now: () => new Date("2026-01-01T00:00:00Z") };
let n = 0;
const ids = { newId: () => `id-${++n}` };

function fakeQueue(deliveries: ClaimedDelivery[]) {
  const recorded: { id: string; kind: "delivered" | "failed"; next: Date | null; pauseAfter?: number }[] = [];
  const queue: WebhookQueue = {
    claim: async ({ limit }) => deliveries.splice(0, limit),
    markDelivered: async (d) => (recorded.push({ id: d.id, kind: "delivered", next: null }), true),
    markFailed: async (d, _o, next, pauseAfter) => (recorded.push({ id: d.id, kind: "failed", next, pauseAfter }), true),
  };
  return { queue, recorded };
}
const delivery = (id: string, attempts = 1): ClaimedDelivery => ({
  id,
  endpointId: "e",
  url: "https://x.test",
  format: "json",
  secret: "s",
  event: "order.paid",
  body: "{}",
  attempts,
  claim: "c",
});
const answer = (statusCode: number | null): AttemptOutcome => ({ statusCode, responseMs: 5, error: statusCode === 200 ? null : "no", retryAfterSeconds: null });

describe("a webhook delivery round", () => {
  it("counts a 2xx as delivered, retries anything else and a thrown send, and gives up after the last attempt", async () => {
    const { queue, recorded } = fakeQueue([delivery("ok"), delivery("err"), delivery("throw"), delivery("last", 8)]);
    const outcomes: Record<string, () => Promise<AttemptOutcome>> = {
      ok: async () => answer(204),
      err: async () => answer(500),
      throw: async () => {
        throw new Error("refused");
      },
      last: async () => answer(503),
    };
    const round = await deliverDueWebhooks(10, { queue, sender: { send: (d) => outcomes[d.id]!() }, clock, ids, leaseMs: 1000 });
    expect(round).toEqual({ sent: 1, retried: 2, failed: 1 });
    expect(recorded.map((r) => [r.id, r.kind, r.next === null])).toEqual([
      ["ok", "delivered", true],
      ["err", "failed", false],
      ["throw", "failed", false],
      ["last", "failed", true],
    ]);
    expect(recorded.filter((r) => r.kind === "failed").every((r) => r.pauseAfter === PAUSE_AFTER_FAILURES)).toBe(true);
  });
});

describe("adding a webhook", () => {
  const endpoints = (count: number): WebhookEndpoints & { added: unknown[] } => {
    const added: unknown[] = [];
    return {
      added,
      count: async () => count,
      find: async () => null,
      add: async (e) => void added.push(e),
      remove: async () => true,
      resume: async () => true,
    };
  };
  const unitOfWork = (endpoints: WebhookEndpoints) => ({
    run: <T>(work: (r: WebhookRepositories) => Promise<T>) => work({ endpoints, audit: { record: async () => {} } }),
  });
  const input = { url: "https://hooks.test/x", format: "json" as const, events: ["order.paid" as const, "order.paid" as const], secret: null };

  it("generates a secret when none is given, keeps events once, and refuses a refused URL or one too many", async () => {
    const store = endpoints(0);
    const deps = { unitOfWork: unitOfWork(store), targets: { refusal: async () => null }, secrets: { newSecret: () => "whsec_new" }, clock, ids };
    const { secret } = await addWebhook(input, "owner", deps);
    expect(secret).toBe("whsec_new");
    expect(store.added[0]).toMatchObject({ events: ["order.paid"], status: "active", createdBy: "owner" });
    await expect(addWebhook(input, "owner", { ...deps, targets: { refusal: async () => "it must start with https://" } })).rejects.toSatisfy(
      (e) => isDomainError(e) && e.code === "webhook_target_refused" && e.message.includes("https://"),
    );
    await expect(addWebhook(input, "owner", { ...deps, unitOfWork: unitOfWork(endpoints(MAX_WEBHOOK_ENDPOINTS)) })).rejects.toSatisfy(
      (e) => isDomainError(e) && e.code === "webhook_limit",
    );
  });
});
