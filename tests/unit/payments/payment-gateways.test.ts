import { describe, expect, it } from "vitest";
import { createSandboxGateway } from "#adapters/payments/sandbox-gateway.ts";
import { paymentGatewayContract } from "../../contracts/payment-gateway.contract.ts";
import { createFakePaymentGateway } from "../../fakes/fake-payment-gateway.ts";
import { manualClock } from "../../fakes/in-memory-shopping.ts";

paymentGatewayContract("in-memory fake", async () => {
  const fake = createFakePaymentGateway();
  return {
    gateway: fake.gateway,
    async createFor(outcome, input) {
      const created = await fake.gateway.createOrder({ ...input, currency: "USD" });
      if (outcome === "declined") fake.decline(created.id);
      if (outcome === "pending") fake.pend(created.id);
      return created;
    },
    completeReview: async (captureId) => fake.completeReview(captureId),
  };
});

paymentGatewayContract("sandbox", async () => {
  const clock = manualClock();
  const gateway = createSandboxGateway({ clock, pendingMs: 30_000 });
  const outcomes = { completed: "approve", pending: "pending", declined: "decline" } as const;
  return {
    gateway,
    createFor: (outcome, input) => gateway.createOrder({ ...input, currency: "USD", sandboxOutcome: outcomes[outcome] }),
    completeReview: async () => clock.advance(30_000),
  };
});

describe("sandbox gateway", () => {
  it("moves no money and says so: a stateless payment id that carries its amount", async () => {
    const gateway = createSandboxGateway();
    expect(gateway.provider).toBe("sandbox");
    const { id } = await gateway.createOrder({ amount: 1234, currency: "USD", reference: "c", requestId: "create-c" });
    expect(id).toMatch(/^SANDBOX-1234-[0-9a-f]{24}$/);
    // Another app process (another gateway instance) answers the same.
    expect(await createSandboxGateway().captureOrder({ orderId: id, requestId: "x" })).toMatchObject({ status: "completed", amount: 1234 });
  });

  it("lets the test button choose the outcome; a pending review clears after SANDBOX_PENDING_SECONDS in every process", async () => {
    const clock = manualClock();
    const gateway = createSandboxGateway({ clock, pendingMs: 30_000 });
    const declined = await gateway.createOrder({ amount: 500, currency: "USD", reference: "c", requestId: "r", sandboxOutcome: "decline" });
    expect(await gateway.captureOrder({ orderId: declined.id, requestId: "x" })).toMatchObject({ status: "declined", restartable: false });
    const pending = await gateway.createOrder({ amount: 500, currency: "USD", reference: "c", requestId: "r", sandboxOutcome: "pending" });
    expect(pending.id).not.toBe(declined.id);
    const capture = await gateway.captureOrder({ orderId: pending.id, requestId: "y" });
    expect(capture).toMatchObject({ status: "pending", recheckAt: new Date(clock.now().getTime() + 30_000) });
    if (capture.status !== "pending") return;
    const other = createSandboxGateway({ clock, pendingMs: 5 });
    expect(await other.captureStatus(capture.captureId)).toBe("pending");
    clock.advance(30_000);
    expect(await other.captureStatus(capture.captureId)).toBe("completed");
  });
});
