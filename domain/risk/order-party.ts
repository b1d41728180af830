import { sameMailbox } from "../shared/mailbox.ts";

/**
 * Who paid an order and from where (issue 37), stored when the order is placed: the provider's payer
 * (null parts when it did not say; the sandbox and store credit never do) and the buyer's address as
 * the store's trusted-proxy setting resolved it. Personal data, read by the risk checks only.
 */
export interface OrderParty {
  userId: string;
  payerId: string | null;
  payerEmail: string | null;
  payerCountry: string | null;
  /** The provider's own risk verdict (Stripe Radar's risk_level: normal, elevated, highest); absent or null when it gives none. */
  providerRisk?: string | null;
  clientIp: string | null;
  at: Date;
}

/** The stored form: ids and emails compared without case, countries upper case, blanks unknown. */
export function normalizeParty(party: OrderParty): OrderParty {
  const clean = (value: string | null) => {
    const trimmed = value?.trim() ?? "";
    return trimmed === "" ? null : trimmed;
  };
  return {
    userId: party.userId,
    payerId: clean(party.payerId)?.toLowerCase() ?? null,
    payerEmail: clean(party.payerEmail)?.toLowerCase() ?? null,
    payerCountry: clean(party.payerCountry)?.toUpperCase() ?? null,
    providerRisk: clean(party.providerRisk ?? null)?.toLowerCase() ?? null,
    // "unknown": the request pipeline had no socket address (clientIp in request-pipeline.ts).
    clientIp: party.clientIp === "unknown" ? null : (clean(party.clientIp)?.toLowerCase() ?? null),
    at: party.at,
  };
}

/** What the store has seen of the payer and the address, for the payer rules (risk-rules.ts). */
export interface PartyHistory {
  /** Distinct payer ids on the account's orders of the last day, this order's included. */
  accountPayersLastDay: number;
  /** Countries of the account's earlier payers (any time), this order's excluded. */
  earlierCountries: string[];
  /** Other accounts this payer paid for. */
  payerOtherAccounts: number;
  /** Orders from this address in the last hour, this one included. */
  addressOrdersLastHour: number;
}

/**
 * The payer facts of risk-rules.ts. A fact is null when the store cannot know it for this payment
 * (no payer id, email or country reported, no address), so its rule stays silent. The account's
 * "usual" country is the one of its earlier payers: an account with none has no usual country yet.
 */
export function partyFacts(
  party: OrderParty | null,
  accountEmail: string,
  history: PartyHistory | null,
): {
  distinctPayersLastDay: number | null;
  payerEmailDiffers: boolean | null;
  payerCountryDiffers: boolean | null;
  payerOtherAccounts: number | null;
  addressOrdersLastHour: number | null;
  providerRiskElevated: boolean | null;
} {
  const payerId = party?.payerId ?? null;
  const country = party?.payerCountry ?? null;
  const earlier = history?.earlierCountries ?? [];
  return {
    distinctPayersLastDay: payerId && history ? history.accountPayersLastDay : null,
    // Another spelling of the account's own mailbox (t.4fraud+x@googlemail.com) is not another payer.
    payerEmailDiffers: party?.payerEmail ? !sameMailbox(party.payerEmail, accountEmail) : null,
    payerCountryDiffers: country && earlier.length > 0 ? !earlier.includes(country) : null,
    payerOtherAccounts: payerId && history ? history.payerOtherAccounts : null,
    addressOrdersLastHour: party?.clientIp && history ? history.addressOrdersLastHour : null,
    // Radar's "elevated" and "highest"; "normal" is silent, and so is a provider that gives no verdict.
    providerRiskElevated: party?.providerRisk ? party.providerRisk === "elevated" || party.providerRisk === "highest" : null,
  };
}
