import type { AuditActor } from "../audit/audit-entry.ts";
import type { Audited } from "../audit/audit-log.port.ts";
import { auditedUnitOfWork } from "../audit/audited-unit-of-work.ts";
import type { OrderStatus } from "../orders/order.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { ImageProcessor } from "../shared/image-processor.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { addDeliveryProof } from "./add-delivery-proof.ts";
import { privateServerLinkOf, setPrivateServerLink } from "./private-server-link.ts";
import { changeOrderStatus } from "./change-order-status.ts";
import type { ProofStorage } from "./delivery-proof.port.ts";
import type { FulfilmentRepositories } from "./fulfilment-repositories.port.ts";
import { settleLateOrders } from "./settle-late-orders.ts";
import { warnAtRiskOrders } from "./warn-at-risk-orders.ts";
import { markBuyerReady, markWaitingForBuyer } from "./buyer-readiness.ts";
import { answerCancelRequest, cancelByShopper, grantOverdueCancelRequests, payOwedCancelRefunds, type RefundPath } from "./cancel-by-shopper.ts";
import type { RefundTo } from "./cancel-requests.port.ts";
import type { DeliveryPolicy } from "./delivery.ts";
import { checkStaffedHours, type StaffedHours } from "./staffed-hours.ts";

/** What the fulfilment module needs, bound once by the composition root. */
export interface FulfilmentModuleDeps {
  /** The order's transaction, with the rewards hooks bound to it (orderTransaction). */
  unitOfWork: UnitOfWork<FulfilmentRepositories & Audited>;
  /** Delivery proof screenshots' bytes. */
  proofs: ProofStorage;
  images: ImageProcessor;
  clock: Clock;
  ids: IdGenerator;
  /** SLA_COMPENSATION_POINTS for a late order. */
  compensationPoints: number;
  /** The shop's promise (DELIVERY_SLA_MINUTES) for products without their own. */
  delivery: DeliveryPolicy;
  /** The payments module's refundOrder: a cancelled order's money goes back through it. */
  refund: RefundPath;
  /** CANCEL_GRANT_HOURS: an unanswered cancel request is granted after them. */
  cancelGrantHours: number;
}

const orderStatus = async (r: FulfilmentRepositories, id: string) => {
  const order = await r.orders.byId(id);
  return order && { status: order.status };
};
const readiness = async (r: FulfilmentRepositories, id: string) => {
  const order = await r.orders.byId(id);
  return order && { readiness: order.delivery.readiness, dueAt: order.delivery.dueAt };
};
const cancelRequest = async (r: FulfilmentRepositories, id: string) => r.cancelRequests.of(id);
const staffedHours = async (r: FulfilmentRepositories) => r.terms.staffedHours();
const proofCount = async (r: FulfilmentRepositories, id: string) => ({ proofs: await r.proofs.countOf(id) });

/**
 * Orders on their way to the shopper, ready to call: an administrator's status change and delivery
 * proof (each audited in its own transaction), and the late-order job's two passes.
 */
export function createFulfilmentModule(deps: FulfilmentModuleDeps) {
  const { unitOfWork, clock, ids } = deps;
  return {
    changeOrderStatus: (input: { orderId: string; to: OrderStatus; visitorId: string | null }, actor: AuditActor) =>
      changeOrderStatus(
        { ...input, actorUserId: actor.id },
        { unitOfWork: auditedUnitOfWork(unitOfWork, { actor, kind: "order.status", entityId: input.orderId, read: orderStatus }, clock), clock, ids },
      ),
    /** Staff give an open order the private server it is delivered in (null clears it). */
    setPrivateServerLink: (input: { orderId: string; url: string | null }, actor: AuditActor) =>
      setPrivateServerLink(input, {
        unitOfWork: auditedUnitOfWork(unitOfWork, { actor, kind: "order.privateServer", entityId: input.orderId, read: privateServerLinkOf }, clock),
      }),
    addDeliveryProof: (input: { orderId: string; bytes: Uint8Array }, actor: AuditActor) =>
      addDeliveryProof(
        { ...input, adminId: actor.id },
        {
          unitOfWork: auditedUnitOfWork(unitOfWork, { actor, kind: "order.proof", entityId: input.orderId, read: proofCount }, clock),
          storage: deps.proofs,
          images: deps.images,
          ids,
          clock,
        },
      ),
    /** The shopper is in the game (the order's owner only; another's order is a 404). */
    markBuyerReady: (input: { orderId: string; userId: string }) => markBuyerReady(input, { unitOfWork, clock, delivery: deps.delivery }),
    /** Staff wait for the buyer in the game: no deadline until "I'm ready" (audited). */
    markWaitingForBuyer: (input: { orderId: string; note: string }, actor: AuditActor) =>
      markWaitingForBuyer(
        { ...input, actorId: actor.id },
        { unitOfWork: auditedUnitOfWork(unitOfWork, { actor, kind: "order.readiness", entityId: input.orderId, read: readiness }, clock), clock },
      ),
    /** The owner's staffed hours, saved whole (audited); promises made already keep their deadline. */
    saveStaffedHours: (hours: StaffedHours, actor: AuditActor) => {
      const checked = checkStaffedHours(hours);
      const audited = auditedUnitOfWork(unitOfWork, { actor, kind: "settings.deliveryHours", entityId: "delivery_hours", read: staffedHours }, clock);
      return audited.run((repos) => repos.terms.saveStaffedHours(checked, actor.id, clock.now()));
    },
    /** The order's owner cancels it (unstarted: at once, with its refund) or asks staff (started). */
    cancelByShopper: (input: { orderId: string; userId: string; email: string; refundTo: RefundTo }) =>
      cancelByShopper(input, { unitOfWork, clock, ids, refund: deps.refund }),
    /** Staff grant or refuse a cancel request (audited). */
    answerCancelRequest: (input: { orderId: string; decision: "grant" | "refuse"; note: string }, actor: AuditActor) =>
      answerCancelRequest(input, actor, {
        audited: auditedUnitOfWork(unitOfWork, { actor, kind: "order.cancel", entityId: input.orderId, read: cancelRequest }, clock),
        unitOfWork,
        clock,
        ids,
        refund: deps.refund,
      }),
    /** Cancel requests nobody answered within CANCEL_GRANT_HOURS: granted by the store (the late-order job). */
    grantOverdueCancelRequests: (options: { onError?: (error: unknown) => void } = {}) =>
      grantOverdueCancelRequests({ ...options, unitOfWork, clock, ids, refund: deps.refund, grantAfterHours: deps.cancelGrantHours }),
    /** Refunds cancellations still owe (a failed call, a stopped process): made once each (the late-order job). */
    payOwedCancelRefunds: (options: { onError?: (error: unknown) => void; onRefundError?: (error: unknown, orderId: string) => void } = {}) =>
      payOwedCancelRefunds({ ...options, unitOfWork, clock, ids, refund: deps.refund }),
    /** A stored proof's bytes (the route checks who may see them). */
    readProof: (file: string) => deps.proofs.read(file),
    /** Orders nobody has started 5 minutes before their deadline: warned once each (the late-order job). */
    warnAtRiskOrders: (options: { onError?: (error: unknown) => void; pause?: () => Promise<void> } = {}) =>
      warnAtRiskOrders({ ...options, unitOfWork, clock }),
    /** Orders past their deadline: marked late and compensated once (the late-order job). */
    settleLateOrders: (options: { onError?: (error: unknown) => void; pause?: () => Promise<void> } = {}) =>
      settleLateOrders({ ...options, unitOfWork, clock, compensationPoints: deps.compensationPoints }),
  };
}

export type FulfilmentModule = ReturnType<typeof createFulfilmentModule>;
