import type { DeliveryPolicy } from "../fulfilment/delivery.ts";
import type { PaymentGateways, PaymentProvider, SandboxOutcome } from "../payments/payment-gateway.port.ts";
import { codeGuessChecks, tooManyCodeTries } from "../promotions/code-guess-limits.ts";
import type { RobloxDirectory } from "../roblox/roblox-directory.port.ts";
import type { GamePasses } from "../roblox/game-passes.port.ts";
import type { LinkedRobloxAccounts } from "../roblox/delivery-recipient.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import { enforceLimits } from "../shared/rate-limit.ts";
import type { RateLimiter } from "../shared/rate-limiter.port.ts";
import type { Shopper } from "../shared/shopper.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { capturePayment, placeOrder, placeOrderWithStoreCredit } from "./capture-payment.ts";
import type { CheckoutClaim, PreparedCheckout } from "./checkout.ts";
import type { CheckoutRepositories } from "./checkout-repositories.port.ts";
import type { HoldCaps } from "./hold-policy.ts";
import { prepareCheckout } from "./prepare-checkout.ts";
import { startPayment } from "./start-payment.ts";
import { validateDiscount } from "./validate-discount.ts";
import { assertBirthDateGiven, isMinor } from "../accounts/age.ts";
import { askParentToPay } from "./ask-parent-to-pay.ts";
import { parentMustPay } from "./parent-link.ts";
import { declineParentLink, readParentLink, resolveParentLink } from "./parent-payment.ts";
import { monthStart, type MinorMonthlyAllowance } from "./minor-monthly-limit.ts";
import type { MinorSpending } from "./minor-spending.port.ts";

/** What the checkout module needs, bound once by the composition root. */
export interface CheckoutModuleDeps {
  /** The order's transaction, with the rewards hooks and the payment outcomes bound to it (orderTransaction). */
  unitOfWork: UnitOfWork<CheckoutRepositories>;
  /** How shoppers pay: the configured providers (the sandbox, PayPal, Stripe), the default first. */
  gateways: PaymentGateways;
  clock: Clock;
  ids: IdGenerator;
  /** Named in the payment's description. */
  shopName: string;
  /** DELIVERY_SLA_MINUTES: the promise an order paid at once starts with. */
  delivery: DeliveryPolicy;
  /** Holds that cannot be hoarded: caps on units, and a prepare rate per account and address. */
  holds: { caps: HoldCaps; preparesPerMinute: number };
  /** Discount codes a shopper may try a minute (they are short words that can be guessed). */
  codeValidationsPerMinute: number;
  rateLimiter: RateLimiter;
  /** When a payment held for review is asked about again (PAYMENT_RECONCILE_SECONDS). */
  recheckMs: number;
  /** Roblox's directory: the recipient is checked at prepare. */
  directory: RobloxDirectory;
  /** The Roblox accounts shoppers linked: a recipient matching theirs is proven. */
  linkedAccounts?: LinkedRobloxAccounts;
  /** Roblox's game passes: a Robux product's pass is checked at prepare. */
  gamePasses?: GamePasses;
  /** PARENT_LINK_HOURS: how long a parent's payment link stays open. */
  parentLinkHours: number;
  /** The owner's monthly limit for accounts under 18 and what each spent (absent: no limit). */
  minorSpending?: MinorSpending;
}

/** The signed-in shopper as checkout asks: who, and whether they pay themselves. */
export interface Buyer {
  userId: string;
  birthDate: string | null;
}

/** The checkout, ready to call: prepare (price and hold), apply a code, pay, and place the order. */
export function createCheckoutModule(deps: CheckoutModuleDeps) {
  const { unitOfWork, clock, ids, gateways, recheckMs } = deps;
  const placement = { unitOfWork, clock, ids, delivery: deps.delivery };
  // Under 18 an account does not pay itself: a parent pays through the emailed link.
  const paysThemselves = (buyer: Buyer) => {
    if (isMinor(buyer.birthDate, clock.now())) throw parentMustPay();
  };
  /** The child's account and checkout the link of `token` pays, while the link is open (or, for a capture, just paid). */
  /** An account under 18's month so far against the owner's limit; null for an adult or when there is no limit. */
  const allowanceOf = async (buyer: Buyer): Promise<MinorMonthlyAllowance | null> => {
    const now = clock.now();
    if (!deps.minorSpending || !isMinor(buyer.birthDate, now)) return null;
    const limit = await deps.minorSpending.monthlyLimit();
    return limit === null ? null : { limit, spent: await deps.minorSpending.spentSince(buyer.userId, monthStart(now)) };
  };
  const linkOf = (token: string, accept?: Parameters<typeof resolveParentLink>[3]) =>
    unitOfWork.run(async (repos) => (await resolveParentLink(repos, token, clock.now(), accept)).link);
  return {
    /**
     * Prices and holds the cart; an account that never gave its date of birth gives it first (422), and
     * one under 18 stays within the owner's monthly limit (422 minor_monthly_limit).
     */
    prepareCheckout: async (input: Buyer & { claim: CheckoutClaim; clientIp: string | null }) => {
      assertBirthDateGiven(input.birthDate);
      return prepareCheckout(
        { ...input, allowance: await allowanceOf(input) },
        {
          unitOfWork,
          clock,
          ids,
          holds: { ...deps.holds, rateLimiter: deps.rateLimiter },
          directory: deps.directory,
          ...(deps.gamePasses ? { gamePasses: deps.gamePasses } : {}),
          ...(deps.linkedAccounts ? { linkedAccounts: deps.linkedAccounts } : {}),
        },
      );
    },
    askParentToPay: (input: Parameters<typeof askParentToPay>[0]) =>
      askParentToPay(input, { unitOfWork, clock, rateLimiter: deps.rateLimiter, linkHours: deps.parentLinkHours }),
    readParentLink: (token: string) => readParentLink(token, { unitOfWork, clock }),
    declineParentLink: (token: string) => declineParentLink(token, { unitOfWork, clock }),
    /** A parent opens the payment of the checkout their link pays (no session: the token is the permission). */
    startParentPayment: async (input: { token: string; sandboxOutcome?: SandboxOutcome; provider?: PaymentProvider | undefined }) => {
      const link = await linkOf(input.token);
      return startPayment(
        { userId: link.userId, provider: input.provider, ...(input.sandboxOutcome ? { sandboxOutcome: input.sandboxOutcome } : {}) },
        { unitOfWork, gateways, shopName: deps.shopName },
      );
    },
    /** The parent's capture: the order is the child's, the receipt the parent's; a repeat answers already_captured. */
    captureParentPayment: async (input: { token: string; visitorId: string; paymentId: string; clientIp?: string | null | undefined }) => {
      const link = await linkOf(input.token, ["open", "paid"]);
      return capturePayment(
        {
          userId: link.userId,
          visitorId: input.visitorId,
          paymentId: input.paymentId,
          clientIp: input.clientIp ?? null,
          parent: { checkoutId: link.checkoutId, receiptTo: link.parentEmail },
        },
        { ...placement, gateways, recheckMs },
      );
    },
    /** The checkout's Apply: what a code gives on the shopper's cart (braked per shopper and address). */
    validateDiscount: async (input: { shopper: Shopper; code: string; who: { userId: string | null; visitorId: string; clientIp: string } }) => {
      await enforceLimits(deps.rateLimiter, codeGuessChecks(input.who, deps.codeValidationsPerMinute), tooManyCodeTries);
      return validateDiscount({ shopper: input.shopper, code: input.code }, { unitOfWork, clock });
    },
    startPayment: (input: Buyer & { sandboxOutcome?: SandboxOutcome; provider?: PaymentProvider | undefined }) => {
      paysThemselves(input);
      return startPayment(input, { unitOfWork, gateways, shopName: deps.shopName });
    },
    capturePayment: (input: Buyer & { visitorId: string; paymentId: string; clientIp?: string | null | undefined }) => {
      paysThemselves(input);
      return capturePayment(input, { ...placement, gateways, recheckMs });
    },
    placeOrderWithStoreCredit: (input: { userId: string; visitorId: string; clientIp?: string | null | undefined }) =>
      placeOrderWithStoreCredit(input, placement),
    /** Places a prepared checkout under a payment already settled by `provider` (the step after a capture). */
    placeOrder: (checkout: PreparedCheckout, payment: { paymentId: string; captureId: string | null; visitorId: string; provider: string }) =>
      placeOrder(checkout, payment, { ...placement, gateway: { provider: payment.provider } }),
  };
}

export type CheckoutModule = ReturnType<typeof createCheckoutModule>;
