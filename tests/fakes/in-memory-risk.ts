import { blocks, inForce, type BlockEntry } from "#domain/risk/blocklist.ts";
import type { Blocklist } from "#domain/risk/blocklist.port.ts";
import { DEFAULT_RISK_SETTINGS, type RiskSettings } from "#domain/risk/risk-assessment.ts";
import type { OrderRisk, RiskRepository } from "#domain/risk/risk-repository.port.ts";
import type { RiskFacts } from "#domain/risk/risk-rules.ts";
import type { OrderParty } from "#domain/risk/order-party.ts";
import type { Order } from "#domain/orders/order.ts";

const isOpen = (o: Order) =>
  o.delivery.dueAt !== null && o.delivery.deliveredAt === null && (o.status === "pending" || o.status === "processing") && o.paymentStatus !== "refunded";

/** What the store would know about an ordinary returning shopper: nothing fires. */
export const ORDINARY_FACTS: RiskFacts = {
  total: 1000,
  accountAgeHours: 24 * 30,
  emailVerified: true,
  previousOrders: 2,
  largestPreviousTotal: 2000,
  accountOrdersLastHour: 1,
  accountOrdersLastDay: 1,
  usernameOrdersLastDay: 1,
  addressOrdersLastHour: null,
  distinctPayersLastDay: null,
  payerEmailDiffers: null,
  payerCountryDiffers: null,
  providerRiskElevated: null,
  disposableEmail: false,
  usernameOtherAccounts: 0,
  payerOtherAccounts: null,
  pastDisputes: 0,
  blocklisted: false,
  robloxAccountAgeDays: 400,
  robloxRenamed: null,
};

export interface InMemoryRiskState {
  /** The facts every paid order gets (a test sets what it needs), the order's total filled in. */
  facts: Partial<RiskFacts>;
  settings: RiskSettings;
  orders: Record<string, OrderRisk & { decidedBy?: string; note?: string }>;
  blocks: BlockEntry[];
  /** Who paid each order and from where, as placeOrder stored it. */
  parties: Record<string, OrderParty>;
}

/**
 * The fake reads its state through `holder.risk` each time, so the in-memory unit of work's
 * rollback (which puts back a copy of the whole state) is seen.
 */
export function createInMemoryRisk(holder: { risk?: InMemoryRiskState; orders?: Order[] }): { risk: RiskRepository; blocklist: Blocklist } {
  holder.risk = { facts: {}, settings: DEFAULT_RISK_SETTINGS, orders: {}, blocks: [], parties: {} };
  const current = () => holder.risk!;
  const risk: RiskRepository = {
    factsFor: async (subject, now) => ({
      ...ORDINARY_FACTS,
      total: subject.total,
      blocklisted: await blocklist.matches(
        {
          email: subject.email,
          robloxUsername: subject.robloxUsername,
          payerId: current().parties[subject.orderId]?.payerId ?? null,
          ip: current().parties[subject.orderId]?.clientIp ?? null,
        },
        now,
      ),
      ...current().facts,
    }),
    recordParty: async (orderId, party) => void (current().parties[orderId] ??= structuredClone(party)),
    settings: async () => current().settings,
    // Open: paid, on the clock, not delivered, not cancelled, and clear or approved.
    openOrderParties: async () =>
      (holder.orders ?? [])
        .filter((o) => isOpen(o) && ["clear", "approved", undefined].includes(current().orders[o.id]?.state))
        .map((o) => {
          const paid = current().parties[o.id];
          return { orderId: o.id, party: { email: o.email, robloxUsername: o.robloxUsername, payerId: paid?.payerId ?? null, ip: paid?.clientIp ?? null } };
        }),
    holdOpen: async (orderId, from, reason) => {
      const order = (holder.orders ?? []).find((o) => o.id === orderId);
      const risk = current().orders[orderId] ?? { state: "clear", score: 0, reasons: [] };
      if (!order || !isOpen(order) || !from.includes(risk.state)) return false;
      order.delivery = { ...order.delivery, dueAt: null };
      current().orders[orderId] = { ...risk, state: "held", reasons: [...risk.reasons.filter((r) => r !== reason), reason] };
      return true;
    },
    saveSettings: async (settings) => void (current().settings = structuredClone(settings)),
    record: async (orderId, value) => void (current().orders[orderId] = structuredClone(value)),
    of: async (orderId) => current().orders[orderId] ?? null,
    isHeld: async (orderId) => current().orders[orderId]?.state === "held",
    decide: async (orderId, from, to, decision) => {
      const risk = current().orders[orderId];
      if (!risk || !from.includes(risk.state)) return false;
      current().orders[orderId] = { ...risk, state: to, decidedBy: decision.by, note: decision.note };
      return true;
    },
  };
  const blocklist: Blocklist = {
    list: async ({ limit, offset, kind }) => {
      const all = [...current().blocks].reverse().filter((b) => !kind || b.kind === kind);
      return { entries: all.slice(offset, offset + limit), total: all.length };
    },
    byId: async (id) => current().blocks.find((b) => b.id === id) ?? null,
    add: async (entry) => void current().blocks.push(structuredClone(entry)),
    remove: async (id) => {
      const entry = current().blocks.find((b) => b.id === id) ?? null;
      current().blocks = current().blocks.filter((b) => b.id !== id);
      return entry;
    },
    matches: async (party, now) => current().blocks.some((b) => inForce(b, now) && blocks(b, party)),
  };
  return { risk, blocklist };
}
