import type { AuditActor } from "../audit/audit-entry.ts";
import type { Audited } from "../audit/audit-log.port.ts";
import type { AuditedChange } from "../audit/audited-unit-of-work.ts";
import { normalizeBlockValue, type BlockEntry, type BlockKind } from "../risk/blocklist.ts";
import type { RiskSettings } from "../risk/risk-assessment.ts";
import { blockNotFound } from "../risk/risk.errors.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { recordRiskDecision, rejectHeldOrder } from "./decide-risk.ts";
import { holdBlockedOrders } from "./hold-blocked-orders.ts";
import type { DeliveryPolicy } from "./delivery.ts";
import type { OrderingRepositories } from "./ordering-repositories.port.ts";

type Repositories = OrderingRepositories & Audited;
type Read = AuditedChange<Repositories>["read"];
type AuditedOf = (
  actor: AuditActor,
  kind: AuditedChange<Repositories>["kind"],
  entityId: string | ((result: unknown) => string),
  read: Read,
) => UnitOfWork<Repositories>;

const orderRisk: Read = async (r, id) => r.risk.of(id);
const riskSettings: Read = async (r) => r.risk.settings();
const block: Read = async (r, id) => {
  const entry = await r.blocklist.byId(id);
  return entry ? { kind: entry.kind, value: entry.value, note: entry.note, expiresAt: entry.expiresAt?.toISOString() ?? null } : null;
};

/**
 * The staff side of risk checks (issue 37), bound by the ordering module: decisions on held
 * orders, the owner's settings and the blocklist, each audited in its own transaction.
 */
export function riskUseCases(deps: {
  unitOfWork: UnitOfWork<Repositories>;
  audited: AuditedOf;
  clock: Clock;
  ids: IdGenerator;
  delivery: DeliveryPolicy;
  /** The existing cancel and refund use cases, for a rejection. */
  cancel: (orderId: string, actor: AuditActor) => Promise<unknown>;
  refund: (input: { orderId: string; amount: null; reason: string; idempotencyKey: string }, actor: AuditActor) => Promise<unknown>;
}) {
  const { unitOfWork, audited, clock, ids } = deps;
  return {
    /** Approve (delivery starts) or reject (cancelled, refunded, the shopper told) an order held for review. */
    decideOrderRisk: async (input: { orderId: string; decision: "approve" | "reject"; note: string }, actor: AuditActor) => {
      const risk = await recordRiskDecision(
        { ...input, actorId: actor.id },
        { unitOfWork: audited(actor, "order.risk", input.orderId, orderRisk), clock, delivery: deps.delivery },
      );
      if (input.decision === "reject")
        await rejectHeldOrder(input.orderId, {
          cancel: () => deps.cancel(input.orderId, actor),
          refund: (refund) => deps.refund({ orderId: input.orderId, ...refund }, actor),
          order: () => unitOfWork.run((r) => r.orders.byId(input.orderId)),
        });
      return risk;
    },
    riskSettings: () => unitOfWork.run((r) => r.risk.settings()),
    changeRiskSettings: (change: { holdScore?: number | undefined; weights?: Partial<RiskSettings["weights"]> | undefined }, actor: AuditActor) =>
      audited(actor, "risk.settings", "default", riskSettings).run(async (r) => {
        const current = await r.risk.settings();
        const next: RiskSettings = { holdScore: change.holdScore ?? current.holdScore, weights: { ...current.weights } };
        for (const [rule, weight] of Object.entries(change.weights ?? {}))
          if (typeof weight === "number" && rule in next.weights) next.weights[rule as keyof RiskSettings["weights"]] = weight;
        await r.risk.saveSettings(next, clock.now());
        return next;
      }),
    blocklist: (page: { limit: number; offset: number; kind?: BlockKind | undefined }) => unitOfWork.run((r) => r.blocklist.list(page)),
    addBlock: (input: { kind: BlockKind; value: string; note: string; expiresAt: Date | null }, actor: AuditActor) => {
      const entry: BlockEntry = {
        id: ids.newId(),
        kind: input.kind,
        value: normalizeBlockValue(input.kind, input.value),
        note: input.note.trim(),
        expiresAt: input.expiresAt,
        createdAt: clock.now(),
        createdBy: actor.id,
      };
      // The party's open orders are held in the same transaction as the entry (hold-blocked-orders.ts).
      return audited(actor, "blocklist.add", entry.id, block).run(async (r) => {
        await r.blocklist.add(entry);
        return { entry, heldOrders: await holdBlockedOrders(r, entry, entry.createdAt) };
      });
    },
    removeBlock: (id: string, actor: AuditActor) =>
      audited(actor, "blocklist.remove", id, block).run(async (r) => {
        if (!(await r.blocklist.remove(id))) throw blockNotFound();
      }),
  };
}
