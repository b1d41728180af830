import type { DeliveryProofs } from "#domain/fulfilment/delivery-proof.port.ts";
import type { Tx } from "../db/database.ts";

export function createDeliveryProofs(db: Tx): DeliveryProofs {
  return {
    async add(proof) {
      await db
        .insertInto("order_proofs")
        .values({ id: proof.id, orderId: proof.orderId, file: proof.file, uploadedBy: proof.uploadedBy, createdAt: proof.createdAt.toISOString() })
        .execute();
    },
    async countOf(orderId) {
      const row = await db
        .selectFrom("order_proofs")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("orderId", "=", orderId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
