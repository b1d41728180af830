import { createOrderingUnitOfWork } from "#adapters/repositories/shopping.unit-of-work.ts";
import { createDiscountCodeRepository } from "#adapters/repositories/discount-code.repository.ts";
import { orderingRepositoriesContract } from "../contracts/ordering-repositories.contract.ts";
import { createTestApp } from "./helpers/test-app.ts";

orderingRepositoriesContract("Kysely on SQLite", async () => {
  const { app } = await createTestApp({ seed: false });
  const at = "2026-11-21T09:00:00.000Z";
  await app.db.insertInto("games").values({ id: "g1", slug: "g", name: "G", description: "", thumbnail: "", displayOrder: 0, createdAt: at }).execute();
  return {
    unitOfWork: createOrderingUnitOfWork(app.db, [], app.mail.outbox),
    addProduct: async (p) => {
      await app.db
        .insertInto("products")
        .values({
          id: p.id,
          gameId: "g1",
          name: p.name,
          category: "C",
          description: "",
          image: "/x.svg",
          priceCents: p.price,
          originalPriceCents: null,
          stock: p.stock,
          displayOrder: 0,
          featured: 0,
          createdAt: at,
        })
        .execute();
    },
    addCode: (code) => app.db.transaction().execute((trx) => createDiscountCodeRepository(trx).add(code, new Date(at))),
    stockOf: async (id) => (await app.db.selectFrom("products").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock,
  };
});
