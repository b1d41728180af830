import { orderingRepositoriesContract } from "../../contracts/ordering-repositories.contract.ts";
import { createInMemoryShopping } from "../../fakes/in-memory-shopping.ts";

orderingRepositoriesContract("in-memory fake", async () => {
  const shop = createInMemoryShopping();
  return {
    unitOfWork: shop.ordering,
    addProduct: async (p) => void shop.state.products.push({ ...p, gameId: "g1" }),
    addCode: async (code) => void shop.state.codes.push(code),
    stockOf: async (id) => shop.state.products.find((p) => p.id === id)!.stock,
  };
});
