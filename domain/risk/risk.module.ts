import type { AuditActor } from "../audit/audit-entry.ts";
import type { Audited } from "../audit/audit-log.port.ts";
import { auditedUnitOfWork, type AuditedChange } from "../audit/audited-unit-of-work.ts";
import type { DeliveryPolicy } from "../fulfilment/delivery.ts";
import type { PaymentGateways } from "../payments/payment-gateway.port.ts";
import { refundQueuedCapture } from "../payments/reconcile-payments.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { normalizeBlockValue, type BlockEntry, type BlockKind } from "./blocklist.ts";
import { recordRiskDecision } from "./decide-risk.ts";
import { holdBlockedOrders } from "./hold-blocked-orders.ts";
import type { RiskSettings } from "./risk-assessment.ts";
import type { RiskRepositories } from "./risk-repositories.port.ts";
import { accountNotFrozen, blockNotFound } from "./risk.errors.ts";
import { recheckRecipients, type RecheckRecipientsDeps } from "./recheck-recipients.ts";

type Repositories = RiskRepositories & Audited;
type Read = AuditedChange<Repositories>["read"];

/** What the risk module needs, bound once by the composition root. */
export interface RiskModuleDeps {
  /** The order's transaction, with the rewards hooks and the payment outcomes bound to it (orderTransaction). */
  unitOfWork: UnitOfWork<Repositories>;
  /** Asked at once for the refund a rejection queued (the refund queue retries what fails). */
  /** A rejected order's payment is refunded by the gateway of its provider. */
  gateways: PaymentGateways;
  clock: Clock;
  ids: IdGenerator;
  /** DELIVERY_SLA_MINUTES: an approved order's deadline runs from the approval. */
  delivery: DeliveryPolicy;
  /** When a refund that could not be made yet is tried again (PAYMENT_RECONCILE_SECONDS). */
  recheckMs: number;
  /** Recipients asked again after payment (recheck-recipients.ts): their storage, Roblox, and how often a name is retried. */
  recipients: Pick<RecheckRecipientsDeps, "rechecks" | "directory" | "retryMs">;
}

const orderRisk: Read = async (r, id) => r.risk.of(id);
const accountFreeze: Read = async (r, userId) => {
  const freeze = await r.chargebacks.freezeOf(userId);
  return freeze
    ? { frozenAt: freeze.frozenAt.toISOString(), orderId: freeze.orderId, clearedAt: freeze.clearedAt?.toISOString() ?? null, note: freeze.clearNote }
    : null;
};
const riskSettings: Read = async (r) => r.risk.settings();
const block: Read = async (r, id) => {
  const entry = await r.blocklist.byId(id);
  return entry ? { kind: entry.kind, value: entry.value, note: entry.note, expiresAt: entry.expiresAt?.toISOString() ?? null } : null;
};

/**
 * The staff side of risk checks (issue 37), ready to call: decisions on held orders, the owner's
 * settings, the blocklist and accounts frozen by a chargeback, each audited in its own transaction.
 */
export function createRiskModule(deps: RiskModuleDeps) {
  const { unitOfWork, clock, ids, gateways, recheckMs } = deps;
  const audited = (actor: AuditActor, kind: AuditedChange<Repositories>["kind"], entityId: string, read: Read) =>
    auditedUnitOfWork(unitOfWork, { actor, kind, entityId, read }, clock);
  return {
    /** Approve (delivery starts) or reject (cancelled, refunded, the shopper told) an order held for review. */
    decideOrderRisk: async (input: { orderId: string; decision: "approve" | "reject"; note: string }, actor: AuditActor) => {
      const decided = await recordRiskDecision(
        { ...input, actorId: actor.id },
        { unitOfWork: audited(actor, "order.risk", input.orderId, orderRisk), clock, ids, delivery: deps.delivery },
      );
      // The decision, cancellation and refund intent are committed: the PayPal call is only sooner than the queue's.
      if (decided.refundCaptureId)
        await refundQueuedCapture(decided.refundCaptureId, { unitOfWork, gateways, clock, ids, recheckMs, worker: "risk-rejection", leaseMs: 60_000 });
      return decided.risk;
    },
    riskSettings: () => unitOfWork.run((r) => r.risk.settings()),
    /** The job's run: "not checked" names asked again, checked accounts once more when delivery starts. */
    recheckRecipients: () => recheckRecipients({ ...deps.recipients, clock, riskSettings: () => unitOfWork.run((r) => r.risk.settings()) }),
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
    /** An account's freeze (its store credit and points on hold since a chargeback), or null. */
    accountFreeze: (userId: string) => unitOfWork.run((r) => r.chargebacks.freezeOf(userId)),
    /** Staff clear a freeze in force, with a note: audited (who, when, the note); 409 when none is. */
    clearAccountFreeze: (input: { userId: string; note: string }, actor: AuditActor) =>
      audited(actor, "account.freezeClear", input.userId, accountFreeze).run(async (r) => {
        if (!(await r.chargebacks.clear(input.userId, { by: actor.id, note: input.note.trim(), at: clock.now() }))) throw accountNotFrozen();
        return r.chargebacks.freezeOf(input.userId);
      }),
    removeBlock: (id: string, actor: AuditActor) =>
      audited(actor, "blocklist.remove", id, block).run(async (r) => {
        if (!(await r.blocklist.remove(id))) throw blockNotFound();
      }),
  };
}

export type RiskModule = ReturnType<typeof createRiskModule>;
