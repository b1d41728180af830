import type { FulfilmentRepositories } from "../fulfilment/fulfilment-repositories.port.ts";
import type { Blocklist } from "./blocklist.port.ts";
import type { Chargebacks } from "./chargebacks.port.ts";
import type { RiskRepository } from "./risk-repository.port.ts";

/** What the risk use cases need inside the order's transaction (a rejection cancels and refunds: fulfilment's and payments'). */
export interface RiskRepositories extends FulfilmentRepositories {
  /** Risk facts, settings and each order's risk state (issue 37). */
  risk: RiskRepository;
  /** Parties that may not check out. */
  blocklist: Blocklist;
  /** Disputes and reversals remembered, and accounts frozen by them. */
  chargebacks: Chargebacks;
}
