import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createCatalogueAdminUnitOfWork } from "#adapters/repositories/catalogue-admin.unit-of-work.ts";
import { catalogueAdminRepositoriesContract } from "../contracts/catalogue-admin-repositories.contract.ts";
import { createTestApp } from "./helpers/test-app.ts";

catalogueAdminRepositoriesContract("Kysely on SQLite", async () => {
  const { app } = await createTestApp({ seed: false });
  return createCatalogueAdminUnitOfWork(app.db, app.clock);
});

describe("product removal blocked by another module's foreign key", () => {
  it("answers a conflict (409), not a crash, and keeps the product", async () => {
    const { app } = await createTestApp({ seed: false });
    const uow = createCatalogueAdminUnitOfWork(app.db, app.clock);
    await uow.run(async (r) => {
      await r.games.add({ id: "g1", slug: "g", name: "G", description: "", thumbnail: "", displayOrder: 0, requirements: [], deliveryMethod: "trade" });
      await r.products.add({
        id: "p1",
        gameId: "g1",
        name: "P",
        category: "C",
        description: "",
        image: "/i.svg",
        price: 1,
        originalPrice: null,
        stock: 1,
        displayOrder: 0,
        featured: false,
        requirements: [],
        deliveryMethod: "trade",
        deliveryMinutes: null,
        robuxAmount: null,
      });
    });
    // A table of some other module that (wrongly) blocks deleting products it points at.
    await sql`create table "blocking_refs" ("productId" text not null references "products"("id"))`.execute(app.db);
    await sql`insert into "blocking_refs" values ('p1')`.execute(app.db);
    await expect(uow.run((r) => r.products.remove("p1"))).rejects.toMatchObject({ kind: "conflict", code: "product_in_use" });
    expect(await uow.run((r) => r.products.findById("p1"))).not.toBeNull();
  });
});
