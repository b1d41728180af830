import { createRatingsUnitOfWork } from "#adapters/repositories/ratings.unit-of-work.ts";
import { ratingsRepositoriesContract } from "../contracts/ratings-repositories.contract.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";
import { insertUser } from "./helpers/user-rows.ts";
import { createTestOrder } from "./helpers/test-orders.ts";

// The demo catalogue and a shopper give the orders real products and a real owner.
const store = await createTestApp();
const [first, second] = await store.app.db.selectFrom("products").select(["id", "gameId", "name"]).orderBy("id").limit(2).execute();
const shopper = { id: "ratings-contract-shopper" };
await insertUser(store.app.db, shopper.id, { email: "rater@shop.test", name: "Rater" });

ratingsRepositoriesContract(`Kysely on ${TEST_DATABASE}`, async () => ({
  unitOfWork: createRatingsUnitOfWork(store.app.db),
  userId: shopper.id,
  productIds: [first!.id, second!.id],
  addOrder: async (order) => {
    await createTestOrder(store.app.db, order.id, order.userId);
    await store.app.db
      .updateTable("orders")
      .set({ status: order.status, deliveredAt: order.deliveredAt?.toISOString() ?? null, receipt: order.receipt })
      .where("id", "=", order.id)
      .execute();
    for (const product of [first!, second!].filter((p) => order.productIds.includes(p.id))) {
      await store.app.db
        .insertInto("order_items")
        .values({
          id: `${order.id}-${product.id}`,
          orderId: order.id,
          productId: product.id,
          productName: product.name,
          gameId: product.gameId,
          unitPriceCents: 500,
          quantity: 1,
        })
        .execute();
    }
  },
}));
