import { describe, expect, it } from "vitest";
import { paymentMethodsOf, paymentMethodsSentence, type PaymentProviderName } from "#domain/payments/payment-methods.ts";
import { configuredPaymentMethods } from "#server/payment-methods.ts";
import { loadConfig } from "#server/config.ts";

// Issue 47: the Terms and the FAQ offered "bank transfer or ATM/cash", which checkout never did.
describe("the payment methods the pages name", () => {
  it("are the configured providers' own, each once, in their order", () => {
    expect(paymentMethodsOf(["paypal"]).map((m) => m.name)).toEqual(["PayPal"]);
    expect(paymentMethodsOf(["sandbox", "paypal", "sandbox"]).map((m) => m.provider)).toEqual(["sandbox", "paypal"]);
  });

  it("come from the configuration through one function", () => {
    const paypal = loadConfig({ PAYMENT_PROVIDER: "paypal", PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "secret" });
    expect(configuredPaymentMethods(paypal).map((m) => m.provider)).toEqual(["paypal"]);
    expect(configuredPaymentMethods(loadConfig({})).map((m) => m.provider)).toEqual(["sandbox"]);
  });

  it("are listed as one phrase, with 'or' before the last", () => {
    const way = (howToPay: string) => ({ howToPay });
    expect(paymentMethodsSentence([])).toBe("");
    expect(paymentMethodsSentence([way("a")])).toBe("a");
    expect(paymentMethodsSentence([way("a"), way("b")])).toBe("a or b");
    expect(paymentMethodsSentence([way("a"), way("b"), way("c")])).toBe("a, b or c");
  });

  it("never name a way to pay that no provider is (bank transfer, ATM, cash)", () => {
    for (const provider of ["sandbox", "paypal"] satisfies PaymentProviderName[]) {
      const [method] = paymentMethodsOf([provider]);
      expect(`${method!.name} ${method!.howToPay} ${method!.refundTime}`).not.toMatch(/bank transfer|\bATM\b|cash payment/i);
    }
    expect(paymentMethodsSentence(paymentMethodsOf(["sandbox"]))).not.toMatch(/paypal|card/i);
  });
});
