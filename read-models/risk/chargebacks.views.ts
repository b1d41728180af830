import type { ChargebackKind, ChargebackMonth, ChargebackResult } from "#domain/risk/chargeback.ts";

/** The Risk view's chargeback memory (GET /api/admin/risk/disputes, issue 37). */
export interface ChargebackView {
  orderId: string;
  kind: ChargebackKind;
  email: string | null;
  at: string;
  amountCents: number;
  outcome: string | null;
  result: ChargebackResult;
}

export interface FrozenAccountView {
  userId: string;
  email: string | null;
  frozenAt: string;
  orderId: string;
}

export interface ChargebackReportView {
  months: ChargebackMonth[];
  /** One page of the chargebacks of those months, newest first; `total` counts them all. */
  chargebacks: ChargebackView[];
  total: number;
  /** Accounts whose store credit and points are on hold now, newest first (at most 100). */
  frozen: FrozenAccountView[];
}
