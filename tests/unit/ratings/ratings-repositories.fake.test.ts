import { ratingsRepositoriesContract } from "../../contracts/ratings-repositories.contract.ts";
import { inMemoryRatings } from "../../fakes/in-memory-ratings.ts";

ratingsRepositoriesContract("in-memory fake", async () => {
  const fake = inMemoryRatings();
  return {
    unitOfWork: fake.unitOfWork,
    addOrder: async (order) => void fake.state.orders.push(structuredClone(order)),
    userId: "u1",
    productIds: ["p1", "p2"],
  };
});
