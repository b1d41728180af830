/**
 * How a shopper pays, in the words every page uses (before: the Terms and the FAQ offered "bank
 * transfer or ATM/cash", which checkout never did). One entry per payment provider the store can be
 * configured with; the pages name only the configured ones (src/server/payment-methods.ts), so a
 * new provider is named everywhere once it has its entry here (the type requires one).
 */
export type PaymentProviderName = "sandbox" | "paypal" | "stripe";

export interface PaymentMethod {
  provider: PaymentProviderName;
  /** "PayPal". */
  name: string;
  /** How a shopper pays with it, to follow "pay with": "PayPal, with your PayPal balance or a debit or credit card". */
  howToPay: string;
  /** When money paid this way is back after a refund is processed (the Refund Policy). */
  refundTime: string;
}

const PAYMENT_METHODS: Record<PaymentProviderName, Omit<PaymentMethod, "provider">> = {
  // The sandbox is a test shop: its button takes no money (README, PAYMENT_PROVIDER).
  sandbox: {
    name: "Test payment",
    howToPay: "the test payment button (a test shop: no money moves)",
    refundTime: "A test payment takes no money, so a refund gives nothing back but the order's store credit.",
  },
  paypal: {
    name: "PayPal",
    howToPay: "PayPal, with your PayPal balance or a debit or credit card",
    refundTime: "PayPal balance: 1-3 business days after processing; a card paid through PayPal: 5-10 business days.",
  },
  stripe: {
    name: "Card",
    howToPay: "a debit or credit card, Apple Pay or Google Pay (through Stripe)",
    refundTime: "A card, Apple Pay or Google Pay: 5-10 business days after processing, as your bank credits it.",
  },
};

/** The methods of these providers, in their order, each once. */
export function paymentMethodsOf(providers: readonly PaymentProviderName[]): PaymentMethod[] {
  return [...new Set(providers)].map((provider) => ({ provider, ...PAYMENT_METHODS[provider] }));
}

/** "a", "a or b", "a, b or c": how the pages list the ways to pay. */
export function paymentMethodsSentence(methods: readonly Pick<PaymentMethod, "howToPay">[]): string {
  const ways = methods.map((m) => m.howToPay);
  if (ways.length <= 1) return ways[0] ?? "";
  return `${ways.slice(0, -1).join(", ")} or ${ways.at(-1)}`;
}
