import type { AuditActor } from "../audit/audit-entry.ts";
import type { Audited } from "../audit/audit-log.port.ts";
import { auditedUnitOfWork } from "../audit/audited-unit-of-work.ts";
import type { OrderStatus } from "../orders/order.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { ImageProcessor } from "../shared/image-processor.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { addDeliveryProof } from "./add-delivery-proof.ts";
import { setPrivateServerLink, type PrivateServerLinks } from "./private-server-link.ts";
import { changeOrderStatus } from "./change-order-status.ts";
import type { ProofStorage } from "./delivery-proof.port.ts";
import type { FulfilmentRepositories } from "./fulfilment-repositories.port.ts";
import { settleLateOrders } from "./settle-late-orders.ts";
import { warnAtRiskOrders } from "./warn-at-risk-orders.ts";

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
  /** The orders' private-server links. */
  privateServers: PrivateServerLinks;
}

const orderStatus = async (r: FulfilmentRepositories, id: string) => {
  const order = await r.orders.byId(id);
  return order && { status: order.status };
};
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
    setPrivateServerLink: (input: { orderId: string; url: string | null }) => setPrivateServerLink(input, { links: deps.privateServers }),
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
