import { describe, expect, it } from "vitest";
import type { RatableOrder, Rating } from "#domain/ratings/rating.ts";
import type { RatingsRepositories } from "#domain/ratings/ratings-repositories.port.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";

export interface RatingsFixture {
  unitOfWork: UnitOfWork<RatingsRepositories>;
  /** Stores an order of these products (the user and products exist). */
  addOrder(order: RatableOrder): Promise<void>;
  /** An existing user and product of the store, for the orders this suite makes. */
  userId: string;
  productIds: readonly [string, string];
}

const at = new Date("2026-11-21T10:00:00.000Z");
const later = new Date("2026-11-22T10:00:00.000Z");
let n = 0;
const unique = (tag: string) => `${tag}-${++n}-${Math.random().toString(36).slice(2, 8)}`;

function rating(orderId: string, productId: string, userId: string): Rating {
  return {
    id: unique("r"),
    orderId,
    productId,
    userId,
    stars: 4,
    comment: "Fast",
    status: "pending",
    reply: null,
    createdAt: at,
    moderatedAt: null,
    moderatedBy: null,
  };
}

/**
 * What every implementation of the ratings module's repositories must do, run against the
 * in-memory fake (unit) and the Kysely repositories (integration, SQLite and PostgreSQL).
 */
export function ratingsRepositoriesContract(name: string, make: () => Promise<RatingsFixture>) {
  describe(`ratings repositories contract: ${name}`, () => {
    async function withOrder(receipt: string | null = null) {
      const fixture = await make();
      const order: RatableOrder = {
        id: unique("o"),
        userId: fixture.userId,
        status: "completed",
        deliveredAt: at,
        receipt,
        productIds: [...fixture.productIds],
      };
      await fixture.addOrder(order);
      return { ...fixture, order };
    }

    it("reads an order with its products and delivery; an unknown one is null", async () => {
      const { unitOfWork, order } = await withOrder();
      expect(await unitOfWork.run((r) => r.orders.find(order.id))).toEqual({ ...order, productIds: expect.arrayContaining([...order.productIds]) });
      expect(await unitOfWork.run((r) => r.orders.find(unique("none")))).toBeNull();
    });

    it("reads the shopper's 'I didn't get it' with the order (an open case is not rated, issue 47)", async () => {
      const { unitOfWork, order } = await withOrder("not_received");
      expect(await unitOfWork.run((r) => r.orders.find(order.id))).toMatchObject({ id: order.id, receipt: "not_received" });
    });

    it("stores one rating per order and product, with every field", async () => {
      const { unitOfWork, order } = await withOrder();
      const [first, second] = order.productIds as [string, string];
      const stored = rating(order.id, first, order.userId);
      expect(await unitOfWork.run((r) => r.ratings.add(stored))).toBe(true);
      expect(await unitOfWork.run((r) => r.ratings.add(rating(order.id, first, order.userId)))).toBe(false);
      expect(await unitOfWork.run((r) => r.ratings.add(rating(order.id, second, order.userId)))).toBe(true);
      expect(await unitOfWork.run((r) => r.ratings.findById(stored.id))).toEqual(stored);
      expect(await unitOfWork.run((r) => r.ratings.findById(unique("none")))).toBeNull();
    });

    it("moderates: the decision, who and when, the reply when one is given and kept when not", async () => {
      const { unitOfWork, order } = await withOrder();
      const stored = rating(order.id, order.productIds[0]!, order.userId);
      await unitOfWork.run((r) => r.ratings.add(stored));
      const published = await unitOfWork.run((r) => r.ratings.moderate(stored.id, { status: "published", reply: "Thanks!", at: later, by: "staff-1" }));
      expect(published).toEqual({ ...stored, status: "published", reply: "Thanks!", moderatedAt: later, moderatedBy: "staff-1" });
      const hidden = await unitOfWork.run((r) => r.ratings.moderate(stored.id, { status: "hidden", reply: undefined, at: later, by: "staff-2" }));
      expect(hidden).toMatchObject({ status: "hidden", reply: "Thanks!", moderatedBy: "staff-2" });
      expect(await unitOfWork.run((r) => r.ratings.findById(stored.id))).toEqual(hidden);
      expect(await unitOfWork.run((r) => r.ratings.moderate(unique("none"), { status: "hidden", reply: undefined, at, by: "staff-1" }))).toBeNull();
    });

    it("keeps nothing of a unit of work that fails", async () => {
      const { unitOfWork, order } = await withOrder();
      const stored = rating(order.id, order.productIds[0]!, order.userId);
      await expect(
        unitOfWork.run(async (r) => {
          await r.ratings.add(stored);
          throw new Error("the audit entry failed");
        }),
      ).rejects.toThrow("the audit entry failed");
      expect(await unitOfWork.run((r) => r.ratings.findById(stored.id))).toBeNull();
    });
  });
}
