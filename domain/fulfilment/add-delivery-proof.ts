import { acceptImage } from "../shared/accept-image.ts";
import type { Clock } from "../shared/clock.port.ts";
import { DomainError } from "../shared/domain-error.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import { IMAGE_EXTENSIONS, MAX_IMAGE_BYTES } from "../shared/image.ts";
import type { ImageProcessor } from "../shared/image-processor.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import type { DeliveryProof, ProofStorage } from "./delivery-proof.port.ts";
import type { FulfilmentRepositories } from "./fulfilment-repositories.port.ts";
import { ErrorCode } from "../shared/error-codes.ts";
import { orderNotFound } from "../orders/orders.errors.ts";

export const proofNotAnImage = () => new DomainError("invalid", ErrorCode.notAnImage, "The proof must be a PNG, JPEG, WebP or GIF screenshot");
export const proofTooLarge = () => new DomainError("too_large", ErrorCode.imageTooLarge, "The proof screenshot must be at most 5 MB");
export const proofEmpty = () => new DomainError("invalid", ErrorCode.emptyImage, "The proof screenshot is empty");
export const noProofForCancelled = () => new DomainError("conflict", ErrorCode.orderCancelled, "This order is cancelled: it takes no delivery proof");

export interface AddDeliveryProofDeps {
  unitOfWork: UnitOfWork<Pick<FulfilmentRepositories, "orders" | "proofs">>;
  storage: ProofStorage;
  /** Checks the declared size and strips metadata before the file is stored (like every upload). */
  images: ImageProcessor;
  ids: IdGenerator;
  clock: Clock;
}

/**
 * Staff attach a screenshot proving delivery to an order (one or more per order, before or after
 * "Mark delivered"). The bytes are checked like every upload (PNG, JPEG, WebP or GIF by their
 * content, at most 5 MB and 40 megapixels, metadata removed); the file is kept under a random name
 * outside the public uploads and listed with the order in one transaction (the file is removed
 * again when that fails). A cancelled order takes no proof.
 */
export async function addDeliveryProof(input: { orderId: string; adminId: string; bytes: Uint8Array }, deps: AddDeliveryProofDeps): Promise<DeliveryProof> {
  if (input.bytes.byteLength === 0) throw proofEmpty();
  if (input.bytes.byteLength > MAX_IMAGE_BYTES) throw proofTooLarge();
  const order = await deps.unitOfWork.run(({ orders }) => orders.byId(input.orderId));
  if (!order) throw orderNotFound();
  if (order.status === "cancelled") throw noProofForCancelled();
  const accepted = await acceptImage(input.bytes, deps.images);
  if (!accepted) throw proofNotAnImage();
  const proof: DeliveryProof = {
    id: deps.ids.newId(),
    orderId: order.id,
    file: `${deps.ids.newId()}.${IMAGE_EXTENSIONS[accepted.type]}`,
    uploadedBy: input.adminId,
    createdAt: deps.clock.now(),
  };
  await deps.storage.save(proof.file, accepted.bytes);
  try {
    await deps.unitOfWork.run(async ({ orders, proofs }) => {
      if (!(await orders.byId(order.id))) throw orderNotFound();
      await proofs.add(proof);
    });
  } catch (error) {
    await deps.storage.remove(proof.file);
    throw error;
  }
  return proof;
}
