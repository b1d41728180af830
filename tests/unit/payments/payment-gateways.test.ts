import { describe, expect, it } from "vitest";
import { createSandboxGateway } from "../../../adapters/payments/sandbox-gateway.ts";
import { paymentGatewayContract } from "../../contracts/payment-gateway.contract.ts";
import { createFakePaymentGateway } from "../../fakes/fake-payment-gateway.ts";

paymentGatewayContract("in-memory fake", async () => createFakePaymentGateway().gateway);
paymentGatewayContract("sandbox", async () => createSandboxGateway());

describe("sandbox gateway", () => {
  it("moves no money and says so: a stateless payment id that carries its amount", async () => {
    const gateway = createSandboxGateway();
    expect(gateway.provider).toBe("sandbox");
    const { id } = await gateway.createOrder({ amount: 1234, currency: "USD", reference: "c", requestId: "create-c" });
    expect(id).toMatch(/^SANDBOX-1234-[0-9a-f]{24}$/);
    // Another app process (another gateway instance) answers the same.
    expect(await createSandboxGateway().captureOrder({ orderId: id, requestId: "x" })).toMatchObject({ status: "completed", amount: 1234 });
  });
});
