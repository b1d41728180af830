import { useEffect, useState } from "react";
import { offTheClock } from "#domain/fulfilment/delivery.ts";

export { offTheClock };

/**
 * The delivery promise as the shopper's dashboard and the admin's Delivery queue show it. Pure
 * functions of an order's clock and "now" (the browser's time corrected by the server's, so a
 * wrong clock on the device does not change what the countdown says).
 */
export interface ClockedOrderView {
  status: string;
  paymentStatus: string;
  paidAt: string | null;
  deliveryDueAt: string | null;
  deliveredAt: string | null;
  late: boolean;
  compensationPoints: number | null;
}

/** "14:32", or "1:05:09" from an hour on; never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mm = String(minutes).padStart(hours > 0 ? 2 : 1, "0");
  const ss = String(seconds).padStart(2, "0");
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** Whole minutes from payment to delivery, rounded up (at least 1). */
export function minutesToDeliver(order: Pick<ClockedOrderView, "paidAt" | "deliveredAt">): number | null {
  if (!order.paidAt || !order.deliveredAt) return null;
  return Math.max(1, Math.ceil((Date.parse(order.deliveredAt) - Date.parse(order.paidAt)) / 60_000));
}

export type DeliveryLine = { kind: "countdown"; text: string; msLeft: number } | { kind: "delivered"; text: string } | { kind: "late"; text: string };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * What the shopper reads about the promise: a countdown while it runs ("Delivery within 14:32"),
 * "Delivered in 12 minutes" once delivered, or an honest late line. Null when there is nothing to
 * promise: awaiting payment, cancelled or paid back in full (offTheClock), or an order from before the clock.
 */
export function deliveryLine(order: ClockedOrderView, nowMs: number): DeliveryLine | null {
  if (!order.paidAt || !order.deliveryDueAt) return null;
  const compensation = order.compensationPoints !== null ? `you've been compensated with ${order.compensationPoints} points` : "you'll be compensated";
  if (order.deliveredAt) {
    const minutes = minutesToDeliver(order)!;
    if (order.late) return { kind: "late", text: `Delivered late, in ${plural(minutes, "minute")}: ${compensation}` };
    return { kind: "delivered", text: `Delivered in ${plural(minutes, "minute")}` };
  }
  if (offTheClock(order)) return null;
  const msLeft = Date.parse(order.deliveryDueAt) - nowMs;
  if (order.late || msLeft <= 0) return { kind: "late", text: `Late: we're on it, and ${compensation}` };
  return { kind: "countdown", text: `Delivery within ${formatCountdown(msLeft)}`, msLeft };
}

/** For staff: "12:30 left" or "Overdue by 3:10". */
export function timeLeftLabel(dueAt: string, nowMs: number): { overdue: boolean; text: string } {
  const ms = Date.parse(dueAt) - nowMs;
  return ms > 0 ? { overdue: false, text: `${formatCountdown(ms)} left` } : { overdue: true, text: `Overdue by ${formatCountdown(-ms)}` };
}

/**
 * The device's clock, in the browser (islands have no Clock port): only ever used corrected by
 * clockOffset, so what a countdown shows follows the server's time.
 */
export function deviceNow(): number {
  return new Date().getTime();
}

/** The server's "now" minus the browser's, measured once: add it to Date.now() for the server's time. */
export function clockOffset(serverNowIso: string | undefined, browserNowMs: number): number {
  const server = serverNowIso ? Date.parse(serverNowIso) : NaN;
  return Number.isFinite(server) ? server - browserNowMs : 0;
}

/** The server's time, ticking every second while `active` (so countdowns move). */
export function useServerNow(offsetMs: number, active = true): number {
  const [now, setNow] = useState(() => deviceNow() + offsetMs);
  useEffect(() => {
    setNow(deviceNow() + offsetMs);
    if (!active) return;
    const timer = setInterval(() => setNow(deviceNow() + offsetMs), 1000);
    return () => clearInterval(timer);
  }, [offsetMs, active]);
  return now;
}

/**
 * How long an order has waited, for staff: "under a minute", "25 min", "2 h 5 min", "3 days 4 h"
 * (before: a held order's shopper has paid and waits for the Risk queue's decision).
 */
export function waitedLabel(sinceIso: string, nowMs: number): string {
  const minutes = Math.max(0, Math.floor((nowMs - Date.parse(sinceIso)) / 60_000));
  if (!Number.isFinite(minutes) || minutes < 1) return "under a minute";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return `${plural(days, "day")}${rest ? ` ${rest} h` : ""}`;
}
