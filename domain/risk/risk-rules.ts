import type { Cents } from "../shared/money.ts";

/**
 * What the store knows about a paid order and its shopper when it decides whether to deliver at
 * once (issue 37). The risk adapter gathers them; a fact the store cannot know for this payment (the
 * provider told nothing about the payer, the request had no address) is null, and its rule stays
 * silent rather than guessing.
 */
export interface RiskFacts {
  /** The order's total (money and store credit). */
  total: Cents;
  /** How old the account was when it paid, in hours. */
  accountAgeHours: number;
  emailVerified: boolean;
  /** Paid orders of the account before this one (not cancelled). */
  previousOrders: number;
  /** The largest of those orders; 0 without any. */
  largestPreviousTotal: Cents;
  /** Orders of the account in the last hour and day, this one included. */
  accountOrdersLastHour: number;
  accountOrdersLastDay: number;
  /** Orders, by any account, to the same Roblox username in the last day, this one included. */
  usernameOrdersLastDay: number;
  /** Orders placed from the same address (IP) in the last hour, this one included; null when unknown. */
  addressOrdersLastHour: number | null;
  /** Distinct payers the account paid with in the last day; null when the provider does not say. */
  distinctPayersLastDay: number | null;
  /** The payer's email is not the account's; null when unknown. */
  payerEmailDiffers: boolean | null;
  /** The payer's country is not the account's usual one; null when unknown. */
  payerCountryDiffers: boolean | null;
  /** The payment provider itself judged the payment risky (Stripe Radar: elevated or highest); null when it gives no verdict. */
  providerRiskElevated: boolean | null;
  /** The account's email is at a throwaway (disposable) mail domain. */
  disposableEmail: boolean;
  /** Other accounts that ordered for, or saved, the same Roblox username. */
  usernameOtherAccounts: number;
  /** Other accounts the same payer paid for; null when unknown. */
  payerOtherAccounts: number | null;
  /** Disputes or reversals on the account, its Roblox username or its payer, on any earlier order. */
  pastDisputes: number;
  /** The account, its email or domain, username, payer or address is on the blocklist. */
  blocklisted: boolean;
  /** How old the recipient's Roblox account was, in days (its users v1 `created`); null while not checked. */
  robloxAccountAgeDays: number | null;
  /** The recipient's user id has another name now than on the order; null until Roblox is asked again. */
  robloxRenamed: boolean | null;
}

/** The rules' ids: the keys of the weights the owner may change. */
export const RISK_RULES = [
  "new_account",
  "unverified_email",
  "first_order",
  "large_first_order",
  "above_history",
  "account_velocity_hour",
  "account_velocity_day",
  "username_velocity_day",
  "address_velocity_hour",
  "several_payers",
  "payer_email_differs",
  "payer_country_differs",
  "provider_risk_elevated",
  "disposable_email",
  "username_shared",
  "payer_shared",
  "past_dispute",
  "blocklisted",
  "new_roblox_account",
  "renamed_since_order",
] as const;
export type RiskRule = (typeof RISK_RULES)[number];
export type RiskWeights = Record<RiskRule, number>;

/** Thresholds of the rules: what counts as new, large, fast. Fixed here, documented in docs/payments.md. */
export const NEW_ACCOUNT_HOURS = 24;
/** A first order at or above this is not an ordinary first order ($100). */
export const LARGE_FIRST_ORDER: Cents = 10_000;
/** An order this many times the account's largest earlier order is out of its habit. */
export const ABOVE_HISTORY_FACTOR = 3;
export const ACCOUNT_ORDERS_PER_HOUR = 3;
export const ACCOUNT_ORDERS_PER_DAY = 6;
export const USERNAME_ORDERS_PER_DAY = 4;
export const ADDRESS_ORDERS_PER_HOUR = 4;
export const PAYERS_PER_DAY = 2;
/**
 * A Roblox account younger than this is a risk fact: stolen-card buyers and scam alts are made the
 * day they buy, while a child's real account is usually months old.
 */
export const NEW_ROBLOX_ACCOUNT_DAYS = 30;

/** The rules over what Roblox answers, which the re-check after payment can also learn (recheck-recipients.ts). */
export const ROBLOX_RULES = ["new_roblox_account", "renamed_since_order"] as const satisfies readonly RiskRule[];

/** The blocklist's reason, also given to an open order held when an entry is added after it was paid. */
export const BLOCKLISTED_REASON = "The account, its username, payer or address is on the blocklist";

/**
 * Each rule: when it fires and what staff read about it. A rule over a fact the store does not know
 * (null) never fires.
 */
export const RULES: Record<RiskRule, { fires: (f: RiskFacts) => boolean; reason: (f: RiskFacts) => string }> = {
  new_account: { fires: (f) => f.accountAgeHours < NEW_ACCOUNT_HOURS, reason: () => "The account was created less than a day ago" },
  unverified_email: { fires: (f) => !f.emailVerified, reason: () => "The account's email address is not verified" },
  first_order: { fires: (f) => f.previousOrders === 0, reason: () => "This is the account's first order" },
  large_first_order: {
    fires: (f) => f.previousOrders === 0 && f.total >= LARGE_FIRST_ORDER,
    reason: () => "A first order of $100 or more",
  },
  above_history: {
    fires: (f) => f.previousOrders > 0 && f.total > f.largestPreviousTotal * ABOVE_HISTORY_FACTOR,
    reason: () => `More than ${ABOVE_HISTORY_FACTOR} times the account's largest earlier order`,
  },
  account_velocity_hour: {
    fires: (f) => f.accountOrdersLastHour >= ACCOUNT_ORDERS_PER_HOUR,
    reason: (f) => `${f.accountOrdersLastHour} orders from this account in the last hour`,
  },
  account_velocity_day: {
    fires: (f) => f.accountOrdersLastDay >= ACCOUNT_ORDERS_PER_DAY,
    reason: (f) => `${f.accountOrdersLastDay} orders from this account in the last day`,
  },
  username_velocity_day: {
    fires: (f) => f.usernameOrdersLastDay >= USERNAME_ORDERS_PER_DAY,
    reason: (f) => `${f.usernameOrdersLastDay} orders for this Roblox username in the last day`,
  },
  address_velocity_hour: {
    fires: (f) => f.addressOrdersLastHour !== null && f.addressOrdersLastHour >= ADDRESS_ORDERS_PER_HOUR,
    reason: (f) => `${f.addressOrdersLastHour ?? 0} orders from this address in the last hour`,
  },
  several_payers: {
    fires: (f) => f.distinctPayersLastDay !== null && f.distinctPayersLastDay >= PAYERS_PER_DAY,
    reason: (f) => `${f.distinctPayersLastDay ?? 0} different payers on this account in the last day`,
  },
  payer_email_differs: { fires: (f) => f.payerEmailDiffers === true, reason: () => "The payer's email is not the account's" },
  payer_country_differs: { fires: (f) => f.payerCountryDiffers === true, reason: () => "The payer's country is not the account's" },
  provider_risk_elevated: { fires: (f) => f.providerRiskElevated === true, reason: () => "The payment provider's own fraud check rated this payment risky" },
  disposable_email: { fires: (f) => f.disposableEmail, reason: () => "The account's email is at a throwaway mail service" },
  username_shared: {
    fires: (f) => f.usernameOtherAccounts > 0,
    reason: (f) => `The Roblox username is used by ${f.usernameOtherAccounts} other account${f.usernameOtherAccounts === 1 ? "" : "s"}`,
  },
  payer_shared: {
    fires: (f) => f.payerOtherAccounts !== null && f.payerOtherAccounts > 0,
    reason: (f) => `The payer paid for ${f.payerOtherAccounts ?? 0} other account(s)`,
  },
  past_dispute: {
    fires: (f) => f.pastDisputes > 0,
    reason: (f) =>
      `${f.pastDisputes} earlier dispute${f.pastDisputes === 1 ? "" : "s"} or reversal${f.pastDisputes === 1 ? "" : "s"} on this account, username or payer`,
  },
  blocklisted: { fires: (f) => f.blocklisted, reason: () => BLOCKLISTED_REASON },
  new_roblox_account: {
    fires: (f) => f.robloxAccountAgeDays !== null && f.robloxAccountAgeDays < NEW_ROBLOX_ACCOUNT_DAYS,
    reason: (f) => {
      const days = Math.floor(f.robloxAccountAgeDays ?? 0);
      return `The Roblox account was created ${days === 0 ? "less than a day" : `${days} day${days === 1 ? "" : "s"}`} ago`;
    },
  },
  renamed_since_order: { fires: (f) => f.robloxRenamed === true, reason: () => "The Roblox account has been renamed since the order" },
};

/** Days between a Roblox account's creation and `at` (never negative: clocks differ). */
export function robloxAccountAgeDays(created: Date | null, at: Date): number | null {
  return created === null ? null : Math.max(0, (at.getTime() - created.getTime()) / 86_400_000);
}
