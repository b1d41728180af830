import { describe, expect, it } from "vitest";
import { normalizeParty, partyFacts, type OrderParty, type PartyHistory } from "#domain/risk/order-party.ts";
import { assessRisk, DEFAULT_RISK_SETTINGS } from "#domain/risk/risk-assessment.ts";
import { ADDRESS_ORDERS_PER_HOUR, PAYERS_PER_DAY } from "#domain/risk/risk-rules.ts";
import { ORDINARY_FACTS } from "../../fakes/in-memory-risk.ts";

const at = new Date("2026-11-27T12:00:00Z");
const party: OrderParty = { userId: "u1", payerId: "p1", payerEmail: "me@shop.test", payerCountry: "US", clientIp: "203.0.113.7", at };
const quiet: PartyHistory = { accountPayersLastDay: 1, earlierCountries: ["US"], payerOtherAccounts: 0, addressOrdersLastHour: 1 };
const rulesOf = (p: OrderParty | null, history: PartyHistory | null, email = "me@shop.test") =>
  assessRisk({ ...ORDINARY_FACTS, ...partyFacts(p, email, history) }, DEFAULT_RISK_SETTINGS).rules;

describe("the payer and address facts (issue 37)", () => {
  it("the account's own payer, country and a quiet address fire nothing", () => {
    expect(rulesOf(party, quiet)).toEqual([]);
  });

  it("Stripe Radar's elevated or highest risk fires provider_risk_elevated; normal, or no verdict (PayPal), is silent", () => {
    expect(rulesOf({ ...party, providerRisk: "elevated" }, quiet)).toEqual(["provider_risk_elevated"]);
    expect(rulesOf({ ...party, providerRisk: "highest" }, quiet)).toEqual(["provider_risk_elevated"]);
    expect(rulesOf({ ...party, providerRisk: "normal" }, quiet)).toEqual([]);
    expect(rulesOf(party, quiet)).toEqual([]);
  });

  it("several payers on the account in a day fire several_payers", () => {
    expect(rulesOf(party, { ...quiet, accountPayersLastDay: PAYERS_PER_DAY })).toEqual(["several_payers"]);
  });

  it("a payer email unlike the account's fires payer_email_differs (without case)", () => {
    expect(rulesOf(party, quiet, "ME@SHOP.TEST ")).toEqual([]);
    expect(rulesOf({ ...party, payerEmail: "other@example.com" }, quiet)).toEqual(["payer_email_differs"]);
  });

  it("a payer country none of the account's earlier payers had fires payer_country_differs; no earlier country is no habit yet", () => {
    expect(rulesOf({ ...party, payerCountry: "GB" }, quiet)).toEqual(["payer_country_differs"]);
    expect(rulesOf({ ...party, payerCountry: "GB" }, { ...quiet, earlierCountries: [] })).toEqual([]);
    expect(rulesOf({ ...party, payerCountry: "GB" }, { ...quiet, earlierCountries: ["US", "GB"] })).toEqual([]);
  });

  it("a payer who paid for another account fires payer_shared", () => {
    expect(rulesOf(party, { ...quiet, payerOtherAccounts: 1 })).toEqual(["payer_shared"]);
  });

  it("orders from one address fire address_velocity_hour at its threshold", () => {
    expect(rulesOf(party, { ...quiet, addressOrdersLastHour: ADDRESS_ORDERS_PER_HOUR - 1 })).toEqual([]);
    expect(rulesOf(party, { ...quiet, addressOrdersLastHour: ADDRESS_ORDERS_PER_HOUR })).toEqual(["address_velocity_hour"]);
  });

  it("what the store does not know stays silent: no payer, no address, no history", () => {
    const busy: PartyHistory = { accountPayersLastDay: 9, earlierCountries: ["FR"], payerOtherAccounts: 9, addressOrdersLastHour: 9 };
    expect(rulesOf(null, busy)).toEqual([]);
    expect(rulesOf({ ...party, payerId: null, payerEmail: null, payerCountry: null, clientIp: null }, busy)).toEqual([]);
    expect(partyFacts(party, "me@shop.test", null)).toMatchObject({ distinctPayersLastDay: null, payerOtherAccounts: null, addressOrdersLastHour: null });
  });

  it("stores ids and emails lowered, countries upper case, and blanks as unknown", () => {
    expect(normalizeParty({ ...party, payerId: " ABC ", payerEmail: "A@B.C", payerCountry: "gb", clientIp: " " })).toEqual({
      ...party,
      payerId: "abc",
      payerEmail: "a@b.c",
      payerCountry: "GB",
      providerRisk: null,
      clientIp: null,
    });
    expect(normalizeParty({ ...party, providerRisk: " Elevated " }).providerRisk).toBe("elevated");
  });
});
