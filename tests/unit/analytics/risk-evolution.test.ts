import { describe, expect, it } from "vitest";
import { dayOf } from "#domain/analytics/analytics-day.ts";
import type { NewEvent } from "#domain/analytics/events.ts";
import { evolveRisk, type OrderChargebacks, type RiskDayCounters } from "#domain/analytics/risk-evolution.ts";

/** Folds events the way the risk projection does, with in-memory tables. */
function fold(events: NewEvent[], timeZone = "UTC") {
  const orders = new Map<string, OrderChargebacks>();
  const days = new Map<string, RiskDayCounters>();
  events.forEach((e, i) => {
    const event = { ...e, id: i + 1, version: 1 };
    const orderId = "orderId" in event.payload ? event.payload.orderId : "";
    const change = evolveRisk(event, orders.get(orderId), dayOf(event.occurredAt, timeZone));
    if (change.state) orders.set(change.state.orderId, change.state);
    for (const { day, counters } of change.days) {
      const row = days.get(day) ?? { held: 0, approved: 0, rejected: 0, disputes: 0, reversals: 0, lostCents: 0 };
      for (const [k, v] of Object.entries(counters)) row[k as keyof RiskDayCounters] += v;
      days.set(day, row);
    }
  });
  return Object.fromEntries([...days].sort(([a], [b]) => (a < b ? -1 : 1)));
}

const event = (type: NewEvent["type"], payload: object, iso: string) =>
  ({ type, payload, occurredAt: new Date(iso), visitorId: null, userId: "u1" }) as NewEvent;
const held = (orderId: string, iso: string) => event("OrderHeld", { orderId, score: 60, total: 5000 }, iso);
const decided = (orderId: string, decision: "approved" | "rejected", iso: string) => event("OrderRiskDecided", { orderId, decision, total: 5000 }, iso);
const chargeback = (orderId: string, kind: "dispute" | "reversal", amount: number, iso: string) => event("ChargebackRecorded", { orderId, kind, amount }, iso);
const ended = (orderId: string, lost: boolean, iso: string) =>
  event("DisputeEnded", { orderId, outcome: lost ? "RESOLVED_BUYER_FAVOUR" : "RESOLVED_SELLER_FAVOUR", lost }, iso);
const zero = { held: 0, approved: 0, rejected: 0, disputes: 0, reversals: 0, lostCents: 0 };

describe("risk evolution: held and decided orders", () => {
  it("counts holds and decisions on their own day", () => {
    expect(
      fold([
        held("o1", "2026-11-20T10:00:00Z"),
        held("o2", "2026-11-20T11:00:00Z"),
        decided("o1", "approved", "2026-11-21T09:00:00Z"),
        decided("o2", "rejected", "2026-11-21T10:00:00Z"),
      ]),
    ).toEqual({
      "2026-11-20": { ...zero, held: 2 },
      "2026-11-21": { ...zero, approved: 1, rejected: 1 },
    });
  });

  it("puts the day in the analytics time zone", () => {
    expect(Object.keys(fold([held("o1", "2026-11-20T02:00:00Z")], "America/New_York"))).toEqual(["2026-11-19"]);
  });
});

describe("risk evolution: chargebacks and the money lost", () => {
  it("a reversal is lost on its day; an open dispute loses nothing", () => {
    expect(fold([chargeback("o1", "reversal", 2500, "2026-11-20T10:00:00Z"), chargeback("o2", "dispute", 4000, "2026-11-20T11:00:00Z")])).toEqual({
      "2026-11-20": { ...zero, disputes: 1, reversals: 1, lostCents: 2500 },
    });
  });

  it("a dispute lost counts its amount on the day it ended; a dispute won counts none", () => {
    expect(
      fold([
        chargeback("o1", "dispute", 4000, "2026-11-20T10:00:00Z"),
        chargeback("o2", "dispute", 1000, "2026-11-20T11:00:00Z"),
        ended("o1", true, "2026-11-25T10:00:00Z"),
        ended("o2", false, "2026-11-25T11:00:00Z"),
      ]),
    ).toEqual({ "2026-11-20": { ...zero, disputes: 2 }, "2026-11-25": { ...zero, lostCents: 4000 } });
  });

  it("a lost dispute of an order reversed later counts once, as the reversal, on the reversal's day", () => {
    expect(
      fold([
        chargeback("o1", "dispute", 4000, "2026-11-20T10:00:00Z"),
        ended("o1", true, "2026-11-22T10:00:00Z"),
        chargeback("o1", "reversal", 3500, "2026-11-24T10:00:00Z"),
      ]),
    ).toEqual({
      "2026-11-20": { ...zero, disputes: 1 },
      "2026-11-22": { ...zero, lostCents: 0 },
      "2026-11-24": { ...zero, reversals: 1, lostCents: 3500 },
    });
  });

  it("a reversed order's dispute lost afterwards adds nothing", () => {
    expect(
      fold([
        chargeback("o1", "reversal", 3500, "2026-11-20T10:00:00Z"),
        chargeback("o1", "dispute", 0, "2026-11-20T11:00:00Z"),
        ended("o1", true, "2026-11-22T10:00:00Z"),
      ]),
    ).toEqual({ "2026-11-20": { ...zero, disputes: 1, reversals: 1, lostCents: 3500 } });
  });

  it("a repeated chargeback, a second end and the end of an unknown dispute change nothing", () => {
    expect(
      fold([
        chargeback("o1", "dispute", 4000, "2026-11-20T10:00:00Z"),
        chargeback("o1", "dispute", 4000, "2026-11-20T10:05:00Z"),
        ended("o1", true, "2026-11-21T10:00:00Z"),
        ended("o1", true, "2026-11-22T10:00:00Z"),
        ended("o9", true, "2026-11-22T10:00:00Z"),
        chargeback("o2", "reversal", 100, "2026-11-23T10:00:00Z"),
        chargeback("o2", "reversal", 100, "2026-11-23T10:05:00Z"),
      ]),
    ).toEqual({
      "2026-11-20": { ...zero, disputes: 1 },
      "2026-11-21": { ...zero, lostCents: 4000 },
      "2026-11-23": { ...zero, reversals: 1, lostCents: 100 },
    });
  });

  it("never counts a negative amount as money gained", () => {
    expect(fold([chargeback("o1", "reversal", -500, "2026-11-20T10:00:00Z")])).toEqual({ "2026-11-20": { ...zero, reversals: 1, lostCents: 0 } });
  });
});
