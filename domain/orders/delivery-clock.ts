/**
 * An order's delivery clock as the order carries it (issue 21): all null while the order awaits
 * payment. The rules that start, move and read it are the fulfilment module's (domain/fulfilment/delivery.ts).
 */
export interface DeliveryClock {
  /** When the payment was complete; null while awaiting payment. */
  paidAt: Date | null;
  /** paidAt + the SLA; null without payment (and for orders placed before the clock existed). */
  dueAt: Date | null;
  /** When someone took the order ("Start delivery" or the status processing), and who. */
  startedAt: Date | null;
  startedBy: string | null;
  /** When it became completed; null until then (and again when reopened). */
  deliveredAt: Date | null;
  /** When the store recorded the deadline as missed (the deadline itself). Sticky: never cleared. */
  lateAt: Date | null;
  /** When the shopper was compensated for lateness, and with how many points (once per order). */
  compensatedAt: Date | null;
  compensationPoints: number | null;
  /** When staff were warned that it is near its deadline and nobody has started it (once). */
  atRiskAt: Date | null;
  /**
   * The promise made when it was paid, in minutes (its products' longest); null for orders from
   * before promises per product: the shop's DELIVERY_SLA_MINUTES.
   */
  promiseMinutes: number | null;
  /** Whether the buyer is in the game: "ready" (they said so), "waiting_for_buyer" (staff wait: no deadline meanwhile), or not said. */
  readiness: Readiness | null;
}

export const READINESS = ["ready", "waiting_for_buyer"] as const;
export type Readiness = (typeof READINESS)[number];

export const noClock: DeliveryClock = {
  paidAt: null,
  dueAt: null,
  startedAt: null,
  startedBy: null,
  deliveredAt: null,
  lateAt: null,
  compensatedAt: null,
  compensationPoints: null,
  atRiskAt: null,
  promiseMinutes: null,
  readiness: null,
};
