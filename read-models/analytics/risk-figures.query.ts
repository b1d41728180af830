import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { addDays, dayOf } from "#domain/analytics/analytics-day.ts";
import { DAILY_WINDOW_DAYS } from "#domain/analytics/analytics-windows.ts";
import { formatCents } from "#domain/shared/money.ts";

/** Risk figures for GET /api/admin/analytics (issue 37), over the 30-day window and today. */
export interface RiskFiguresView {
  heldOrders: number;
  approvedOrders: number;
  rejectedOrders: number;
  disputes: number;
  reversals: number;
  /** Money lost to chargebacks (reversals, and lost disputes of orders not reversed), a decimal string. */
  chargebackLosses: string;
  todayHeldOrders: number;
  todayChargebackLosses: string;
}

/** Reads the risk projection's day rows of the last DAILY_WINDOW_DAYS days; `now` decides which day is today in `timeZone`. */
export async function readRiskFigures(db: Kysely<Database>, at: { now: Date; timeZone: string }): Promise<RiskFiguresView> {
  const today = dayOf(at.now, at.timeZone);
  const rows = await db
    .selectFrom("rm_risk_days")
    .selectAll()
    .where("day", ">=", addDays(today, -(DAILY_WINDOW_DAYS - 1)))
    .where("day", "<=", today)
    .execute();
  const sum = (column: "held" | "approved" | "rejected" | "disputes" | "reversals" | "lostCents") => rows.reduce((n, row) => n + Number(row[column]), 0);
  const todays = rows.find((row) => row.day === today);
  return {
    heldOrders: sum("held"),
    approvedOrders: sum("approved"),
    rejectedOrders: sum("rejected"),
    disputes: sum("disputes"),
    reversals: sum("reversals"),
    chargebackLosses: formatCents(sum("lostCents")),
    todayHeldOrders: Number(todays?.held ?? 0),
    todayChargebackLosses: formatCents(Number(todays?.lostCents ?? 0)),
  };
}
