import { describe, expect, it } from "vitest";
import { inForce, normalizeBlockValue, partyKeys } from "#domain/risk/blocklist.ts";
import { assessRisk, DEFAULT_RISK_SETTINGS, holds, withDefaults, type RiskSettings } from "#domain/risk/risk-assessment.ts";
import {
  ABOVE_HISTORY_FACTOR,
  ACCOUNT_ORDERS_PER_DAY,
  ACCOUNT_ORDERS_PER_HOUR,
  ADDRESS_ORDERS_PER_HOUR,
  LARGE_FIRST_ORDER,
  NEW_ACCOUNT_HOURS,
  NEW_ROBLOX_ACCOUNT_DAYS,
  PAYERS_PER_DAY,
  RISK_RULES,
  USERNAME_ORDERS_PER_DAY,
  type RiskFacts,
  type RiskRule,
} from "#domain/risk/risk-rules.ts";
import { ORDINARY_FACTS } from "../../fakes/in-memory-risk.ts";

const fired = (facts: Partial<RiskFacts>, settings: RiskSettings = DEFAULT_RISK_SETTINGS) => assessRisk({ ...ORDINARY_FACTS, ...facts }, settings).rules;

/** Each rule: the facts just at its edge (fires) and just short of it (silent). */
const EDGES: Record<RiskRule, { fires: Partial<RiskFacts>; silent: Partial<RiskFacts> }> = {
  new_account: { fires: { accountAgeHours: NEW_ACCOUNT_HOURS - 0.01 }, silent: { accountAgeHours: NEW_ACCOUNT_HOURS } },
  unverified_email: { fires: { emailVerified: false }, silent: { emailVerified: true } },
  first_order: { fires: { previousOrders: 0, total: 500 }, silent: { previousOrders: 1 } },
  large_first_order: { fires: { previousOrders: 0, total: LARGE_FIRST_ORDER }, silent: { previousOrders: 0, total: LARGE_FIRST_ORDER - 1 } },
  above_history: {
    fires: { previousOrders: 1, largestPreviousTotal: 1000, total: 1000 * ABOVE_HISTORY_FACTOR + 1 },
    silent: { previousOrders: 1, largestPreviousTotal: 1000, total: 1000 * ABOVE_HISTORY_FACTOR },
  },
  account_velocity_hour: { fires: { accountOrdersLastHour: ACCOUNT_ORDERS_PER_HOUR }, silent: { accountOrdersLastHour: ACCOUNT_ORDERS_PER_HOUR - 1 } },
  account_velocity_day: { fires: { accountOrdersLastDay: ACCOUNT_ORDERS_PER_DAY }, silent: { accountOrdersLastDay: ACCOUNT_ORDERS_PER_DAY - 1 } },
  username_velocity_day: { fires: { usernameOrdersLastDay: USERNAME_ORDERS_PER_DAY }, silent: { usernameOrdersLastDay: USERNAME_ORDERS_PER_DAY - 1 } },
  address_velocity_hour: { fires: { addressOrdersLastHour: ADDRESS_ORDERS_PER_HOUR }, silent: { addressOrdersLastHour: null } },
  several_payers: { fires: { distinctPayersLastDay: PAYERS_PER_DAY }, silent: { distinctPayersLastDay: PAYERS_PER_DAY - 1 } },
  payer_email_differs: { fires: { payerEmailDiffers: true }, silent: { payerEmailDiffers: null } },
  payer_country_differs: { fires: { payerCountryDiffers: true }, silent: { payerCountryDiffers: false } },
  provider_risk_elevated: { fires: { providerRiskElevated: true }, silent: { providerRiskElevated: null } },
  disposable_email: { fires: { disposableEmail: true }, silent: { disposableEmail: false } },
  username_shared: { fires: { usernameOtherAccounts: 1 }, silent: { usernameOtherAccounts: 0 } },
  payer_shared: { fires: { payerOtherAccounts: 1 }, silent: { payerOtherAccounts: null } },
  past_dispute: { fires: { pastDisputes: 1 }, silent: { pastDisputes: 0 } },
  blocklisted: { fires: { blocklisted: true }, silent: { blocklisted: false } },
  new_roblox_account: { fires: { robloxAccountAgeDays: NEW_ROBLOX_ACCOUNT_DAYS - 0.01 }, silent: { robloxAccountAgeDays: null } },
  renamed_since_order: { fires: { robloxRenamed: true }, silent: { robloxRenamed: null } },
};

describe("risk rules (issue 37)", () => {
  it("an ordinary returning shopper's order fires nothing and is clear", () => {
    expect(assessRisk(ORDINARY_FACTS, DEFAULT_RISK_SETTINGS)).toEqual({ score: 0, reasons: [], rules: [], state: "clear" });
  });

  for (const rule of RISK_RULES) {
    it(`${rule} fires at its edge and is silent just short of it`, () => {
      expect(fired(EDGES[rule].fires)).toContain(rule);
      expect(fired(EDGES[rule].silent)).not.toContain(rule);
    });
  }

  it("each fired rule adds its weight and its plain-words reason, heaviest first", () => {
    const result = assessRisk({ ...ORDINARY_FACTS, disposableEmail: true, emailVerified: false }, DEFAULT_RISK_SETTINGS);
    expect(result.score).toBe(DEFAULT_RISK_SETTINGS.weights.disposable_email + DEFAULT_RISK_SETTINGS.weights.unverified_email);
    expect(result.reasons).toEqual(["The account's email is at a throwaway mail service", "The account's email address is not verified"]);
  });

  it("a rule weighted 0 neither scores nor shows a reason", () => {
    const settings = { ...DEFAULT_RISK_SETTINGS, weights: { ...DEFAULT_RISK_SETTINGS.weights, disposable_email: 0 } };
    expect(assessRisk({ ...ORDINARY_FACTS, disposableEmail: true }, settings)).toMatchObject({ score: 0, reasons: [] });
  });

  it("the score is capped at 100", () => {
    expect(assessRisk({ ...ORDINARY_FACTS, pastDisputes: 2, blocklisted: true }, DEFAULT_RISK_SETTINGS).score).toBe(100);
  });
});

describe("the hold threshold", () => {
  const newcomer: RiskFacts = { ...ORDINARY_FACTS, accountAgeHours: 0.1, emailVerified: false, previousOrders: 0, largestPreviousTotal: 0 };

  it("by default a new, unverified account's first ordinary order (under $100) is not held", () => {
    expect(assessRisk({ ...newcomer, total: LARGE_FIRST_ORDER - 1 }, DEFAULT_RISK_SETTINGS)).toMatchObject({ score: 35, state: "clear" });
  });

  it("by default its first order of $100 or more is held", () => {
    expect(assessRisk({ ...newcomer, total: LARGE_FIRST_ORDER }, DEFAULT_RISK_SETTINGS).state).toBe("held");
  });

  it("a past dispute holds on its own by default", () => {
    expect(assessRisk({ ...ORDINARY_FACTS, pastDisputes: 1 }, DEFAULT_RISK_SETTINGS).state).toBe("held");
  });

  it("holds at the hold score, not one below", () => {
    expect(holds(50, 50)).toBe(true);
    expect(holds(49, 50)).toBe(false);
  });

  it("hold score 0 holds every paid order, even a score of 0", () => {
    expect(assessRisk(ORDINARY_FACTS, { ...DEFAULT_RISK_SETTINGS, holdScore: 0 }).state).toBe("held");
  });

  it("hold score 100 holds none, even a score of 100", () => {
    expect(assessRisk({ ...ORDINARY_FACTS, blocklisted: true }, { ...DEFAULT_RISK_SETTINGS, holdScore: 100 })).toMatchObject({ score: 100, state: "clear" });
    expect(holds(99, 99)).toBe(true);
  });

  it("stored settings are completed with the defaults for rules they do not name", () => {
    expect(withDefaults(null)).toEqual(DEFAULT_RISK_SETTINGS);
    const stored = withDefaults({ holdScore: 70, weights: { new_account: 5, unknown_rule: 99 } });
    expect(stored.holdScore).toBe(70);
    expect(stored.weights.new_account).toBe(5);
    expect(stored.weights.first_order).toBe(DEFAULT_RISK_SETTINGS.weights.first_order);
    expect(stored.weights).not.toHaveProperty("unknown_rule");
  });
});

describe("blocklist values", () => {
  it("a party's keys are lowered, with its email's domain", () => {
    expect(partyKeys({ email: " Bad@Evil.Test ", robloxUsername: "Thief_1", payerId: null, ip: "10.0.0.1" })).toEqual([
      { kind: "email", value: "bad@evil.test" },
      { kind: "email_domain", value: "evil.test" },
      { kind: "roblox_username", value: "thief_1" },
      { kind: "ip", value: "10.0.0.1" },
    ]);
  });

  it("a domain typed with its @ is stored without it", () => {
    expect(normalizeBlockValue("email_domain", "@Evil.Test")).toBe("evil.test");
    expect(normalizeBlockValue("roblox_username", " Thief_1 ")).toBe("thief_1");
  });

  it("an entry is in force until its expiry, not at it", () => {
    const now = new Date("2026-01-01T00:00:00Z");
    expect(inForce({ expiresAt: null }, now)).toBe(true);
    expect(inForce({ expiresAt: new Date(now.getTime() + 1) }, now)).toBe(true);
    expect(inForce({ expiresAt: now }, now)).toBe(false);
  });
});
