import { rewardsRepositoriesContract } from "../../contracts/rewards-repositories.contract.ts";
import { createInMemoryRewards } from "../../fakes/in-memory-rewards.ts";

rewardsRepositoriesContract("in-memory fake", async () => {
  const fake = createInMemoryRewards();
  return { unitOfWork: fake.unitOfWork, addUser: async (id, balances) => fake.addUser(id, balances) };
});
