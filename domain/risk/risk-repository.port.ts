import type { RiskState, RiskSettings } from "./risk-assessment.ts";
import type { RiskFacts } from "./risk-rules.ts";
import type { OrderParty } from "./order-party.ts";
import type { Party } from "./blocklist.ts";
import type { DeliveryHolds } from "../fulfilment/delivery-holds.port.ts";

/** The order being scored, as the facts are looked up for it. */
export interface RiskSubject {
  orderId: string;
  userId: string;
  email: string;
  robloxUsername: string;
  total: number;
  /** When the recipient's Roblox account was created (null: not checked at checkout). */
  robloxAccountCreatedAt?: Date | null;
}

/** An order's risk as stored and listed. */
export interface OrderRisk {
  state: RiskState;
  score: number;
  reasons: string[];
}

/**
 * Risk facts, settings and each order's risk state (issue 37), in the caller's transaction. An order
 * whose state is held is held from delivery too (DeliveryHolds.isHeld, what fulfilment asks).
 */
export interface RiskRepository extends DeliveryHolds {
  /** Stores who paid the order and from where (order-party.ts), when it is placed. */
  recordParty(orderId: string, party: OrderParty): Promise<void>;
  /** What the store knows about a paid order's shopper at `now` (risk-rules.ts's RiskFacts). */
  factsFor(subject: RiskSubject, now: Date): Promise<RiskFacts>;
  /** The owner's settings, completed with the defaults (risk-assessment.ts's withDefaults). */
  settings(): Promise<RiskSettings>;
  saveSettings(settings: RiskSettings, at: Date): Promise<void>;
  /** Stores an order's score and reasons with its state. */
  record(orderId: string, risk: OrderRisk): Promise<void>;
  of(orderId: string): Promise<OrderRisk | null>;
  /** Open orders (paid, undelivered, on the clock, not held) with who placed and paid them: an order may come twice (order and account email). */
  openOrderParties(): Promise<{ orderId: string; party: Party }[]>;
  /**
   * Holds an open order after all (a blocklist entry added since it was paid): off the delivery clock,
   * the reason added, only if its state is one of `from` (risk-state.ts's riskStatesBefore("held"));
   * false when it is no longer open or in none of them (already held, or rejected).
   */
  holdOpen(orderId: string, from: readonly RiskState[], reason: string): Promise<boolean>;
  /**
   * Records staff's decision, only if the order's state is one of `from` (riskStatesBefore(to):
   * held); false when it is not (someone decided meanwhile).
   */
  decide(orderId: string, from: readonly RiskState[], to: "approved" | "rejected", decision: { by: string; note: string; at: Date }): Promise<boolean>;
}
